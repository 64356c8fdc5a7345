import { demoCatalog } from './demo-reading';
const c = demoCatalog('region segment customers signup');
for (const cube of c) console.log(cube.name, cube.members.filter(m=>m.kind==='dimension').map(m => `${m.column}:${m.type}:${m.titleWords.join('/')}`).join('  '));
