// Loaded with `--import` into a server process: records every file it loads from node_modules (through import or
// require) and writes the list to PORTAL_LOADED_FILES when the process exits.
import { writeFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

const output = process.env.PORTAL_LOADED_FILES;
const loaded = new Set<string>();

registerHooks({
  resolve(specifier, context, nextResolve) {
    const result = nextResolve(specifier, context);
    if (result.url.startsWith('file:') && result.url.includes('/node_modules/')) {
      loaded.add(fileURLToPath(result.url));
    }
    return result;
  },
});

process.on('exit', () => {
  if (output) writeFileSync(output, [...loaded].join('\n'));
});
