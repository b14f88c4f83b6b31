// The command lines of a shell block, and the `petstore-mock` ones among them checked by the CLI's own parsers.
import { parseCli } from '../../../src/cli/index.js';
import { parseVerifyCli } from '../../../src/verify/parse-verify-cli.js';

/** The shell lines of a block, `\` continuations joined, `$ ` prompts and comments dropped. */
export function shellCommands(code: string): string[] {
  return code
    .replace(/^\$ /gm, '')
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .map(line => line.replace(/\s+#.*$/, '').trim())
    .filter(line => line !== '' && !line.startsWith('#'));
}

/** Words of a command line, with single and double quotes taken off and `$VAR`s left as they are. */
function words(command: string): string[] {
  return [...command.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)].map(match => match[1] ?? match[2] ?? match[3] ?? '');
}

/**
 * Checks one command line as the program it starts would: `npx petstore-mock …` and `petstore-mock
 * verify …` by the CLI's parsers (with the `NAME=value` settings before them as its environment),
 * `docker run -e NAME=value … petstore-mock` by the CLI's parser reading those variables. Throws what
 * the parser says; returns whether the line was one of those.
 */
export function checkCommandLine(command: string): boolean {
  const all = words(command);
  const environment = Object.fromEntries(all.filter(word => /^[A-Z_]+=/.test(word)).map(word => word.split(/=(.*)/s).slice(0, 2) as [string, string]));
  if (all[0] === 'docker' && all[1] === 'run' && all.at(-1)?.startsWith('petstore-mock')) {
    const variables = Object.fromEntries(all.flatMap((word, index) => (all[index - 1] === '-e' ? [word.split(/=(.*)/s).slice(0, 2) as [string, string]] : [])));
    parseCli([], variables);
    return true;
  }
  const bin = all.indexOf('petstore-mock');
  if (bin === -1 || (all[bin - 1] !== 'npx' && bin !== Object.keys(environment).length)) return false;
  const args = all.slice(bin + 1);
  if (args[0] === 'verify') parseVerifyCli(args.slice(1), environment);
  else parseCli(args, environment);
  return true;
}
