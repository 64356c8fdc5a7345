import { turnClock } from '../../functions/agent/planner/clock';
import { startService, type TestService } from '../support/service';
import { type Auth, chat, chatUrl, finals, uniqueUser } from './support';

/** The session's time zone decides which calendar day "today" is for the analyst. */
let svc: TestService;
let url: string;
let auth: Auth;

beforeAll(async () => {
  svc = await startService();
  url = chatUrl(svc.baseUrl);
  auth = { key: svc.adminKey };
}, 120_000);
afterAll(async () => {
  await svc.stop();
});

describe('relative dates in a chat turn', () => {
  test.each(['Pacific/Kiritimati', 'Pacific/Pago_Pago'])(
    '"today" is the calendar day of sessionSettings.timezone %s',
    async (timezone) => {
      // Prepare: UTC+14 and UTC-11 are on different days from UTC for most of every day.
      const sessionSettings = { externalId: uniqueUser('tz'), groups: ['managers'], timezone };
      const before = turnClock(Date.now(), timezone).today;
      // Act
      const response = await chat(url, { input: 'number of orders today', sessionSettings }, auth);
      // Assess
      const after = turnClock(Date.now(), timezone).today;
      expect(response.status).toBe(200);
      const answer = finals(response.lines).at(-1)?.content ?? '';
      expect([before, after].some((day) => answer.includes(`today (${day})`))).toBe(true);
    },
  );
});
