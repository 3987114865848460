// Compiles a bench rig and evaluates it N frames, nothing else: what cachegrind runs to count a
// frame's cache misses (the difference between two runs of N frames, over their difference in N).
// V8 under valgrind runs a bundle, not tsx (its loader thread), e.g. for a 2 MB last level:
//   npx esbuild test/bench/frames.ts --bundle --platform=node --format=esm --outfile=/work/cgb/x/frames.mjs
//   valgrind --tool=cachegrind --cache-sim=yes --D1=49152,12,64 --LL=2097152,16,64 \
//     --cachegrind-out-file=/dev/null node --single-threaded /work/cgb/x/frames.mjs rigify 220
// (the bundle two folders below the folder holding `shared/`: rigify.ts finds the fixtures from where
// its code is). Runs of 20 and 220 frames: a frame's misses are the difference over 200.
import { rigLoop } from './rig-loop';

const which = process.argv[2] ?? 'rigify';
const frames = Number(process.argv[3] ?? 100);
const { frame } = rigLoop(which);
for (let i = 0; i < frames; i++) frame();
console.log(`${which}: ${frames} frames`);
