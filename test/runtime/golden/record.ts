// Records the golden digests (run once, before a restructuring starts):
//   npx tsx test/runtime/golden/record.ts
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { goldenCases } from './cases';

const digests: Record<string, string> = {};
for (const c of goldenCases()) digests[c.name] = c.run();
writeFileSync(join(import.meta.dirname, 'digests.json'), JSON.stringify(digests, null, 1) + '\n');
console.log(`${Object.keys(digests).length} cases recorded`);
