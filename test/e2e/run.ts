// `npm run test:e2e`: every browser test, in real Chromium. `-- NAME` runs the tests whose name contains NAME.
import { actionPickerTests } from './action-picker.e2e';
import { appTests } from './app.e2e';
import { armatureTargetTests } from './armature-targets.e2e';
import { blenderTests } from './blender.e2e';
import { bundleTests } from './bundle.e2e';
import { crowdTests } from './crowd.e2e';
import { embedTests } from './embed.e2e';
import { groupTests } from './groups.e2e';
import { runAll } from './harness';
import { insightTests } from './insight.e2e';
import { largeGraphTests } from './large-graph.perf';
import { perfTests } from './perf.e2e';
import { saveTests } from './save.e2e';
import { splitTests } from './split.e2e';
import { timelineTests } from './timeline.e2e';
import { rigControlsTests } from './rig-controls.e2e';

const filter = process.argv[2];
const suites = [
  ...appTests,
  ...blenderTests,
  ...embedTests,
  ...groupTests,
  ...bundleTests,
  ...perfTests,
  ...largeGraphTests,
  ...saveTests,
  ...timelineTests,
  ...rigControlsTests,
  ...insightTests,
  ...armatureTargetTests,
  ...crowdTests,
  ...splitTests,
  ...actionPickerTests,
];
process.exit(await runAll(suites, filter));
