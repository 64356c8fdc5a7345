/**
 * The CLI's usage text, in a module of its own: `--help` prints it without loading the commands (and the AWS SDK
 * behind them). A new command adds its line here and its `case` in ./cli.ts (README, "Operator CLI").
 */
export const HELP = `Usage: npm run admin -- <command> [options]   (JSON on stdout; errors on stderr)

  account create  --name <n> --plan free|premium|enterprise [--flag useCreatorMode] [--update]
                  (an existing account is refused unless --update: its plan and flags are then replaced)
  account list
  account set-limit --name <n> --limit <users>|default
  account set-rate --name <n> --rate key.chat|key.sql|key.session|token.chat|token.sql --limit <per minute>|default
  account set-budget --name <n> [--daily <tokens>|none|default] [--monthly <tokens>|none|default]
                  model tokens per UTC day / month (then 429 BUDGET_EXCEEDED until the reset); prints today's use
  key create      --account <a> --role admin|member [--deployment <id>] [--description <text>]
  key list        --account <a>
  key revoke      --account <a> --id <keyId>
  deployment create --account <a> --id <n> --name <text> [--duckdb sample|<path> | --postgres <url without password> | --postgres-secret <secret ARN> | --athena-workgroup <wg> --athena-database <glue db> [--athena-catalog <c>] | --clickhouse <https://host:8443> [--clickhouse-database <db>] [--clickhouse-secret <secret ARN>]] [--default-branch main]
  deployment list --account <a>
  deployment cube-token --account <a> --id <n> [--disable]   turn Cube token (X-Cube-Auth-Token) chat auth on (prints the secret) or off
  deployment cube-token-policy --account <a> --id <n> [--max-lifetime <seconds>|default] [--deny-jti <jti> --until <epoch seconds>]
                  (tokens living longer are refused; a denied jti is refused until --until, the token's exp)
  model push      --account <a> --deployment <id> --branch <name> --dir <model directory>   (a new version)
  model versions  --account <a> --deployment <id> --branch <name>
  model rollback  --account <a> --deployment <id> --branch <name> --version <n>
  agent create    --account <a> --id <agentId> --deployment <id> [--name <text>] [--show-thinking] [--tool-names core|cube]
  agent list      --account <a>
  attribute create --account <a> --name <n> --type string|number|boolean|string_array|number_array [--description <text>]
  attribute list  --account <a>
  group create    --account <a> --name <n> [--description <text>]
  group list      --account <a>
  group recount   --account <a>   set every group's member count from its users (once, after upgrading to kept counts)
  sweep list      --account <a>   definition sweeps still pending (after a DELETE of a group or attribute)
  sweep resume    --account <a>   run the pending sweeps to their end from where they stopped (after a DLQ alarm)
  user create-internal --account <a> --id <username/email> [--email <e>] [--group <g>]... [--attr name=json]...
  user list       --account <a>
  smoke           --base-url <BaseUrl> --account <a> [--agent <agentId>] [--question <text>] [--sql <query>]
                  one chat turn and one SQL query through the deployed stack (a temporary key, revoked after)

Target: DYNAMODB_ENDPOINT (DynamoDB Local) or AWS credentials and AWS_REGION; TABLE_NAME names the table.
Without DYNAMODB_ENDPOINT, a running \`npm start\` of this checkout is found from .local/service.json.
--verbose says which target was chosen (on stderr).`;
