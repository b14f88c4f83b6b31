// petstore-mock with Prism's verdicts never remembered: every request routed and validated afresh.
import { createMockServer } from '../dist/index.js';

await createMockServer({ port: Number(process.argv[2]), rememberedVerdicts: 0 });
