import type { Operation } from '../operations/table.js';
import { operationIds } from '../operations/table.js';
import { BULK_OPTIONS } from './bulk/bulk-args.js';
import { MCP_OPTIONS } from './mcp/args.js';
import { SERVE_OPTIONS } from './serve/args.js';
import { COMMAND_OPTIONS, GLOBAL_OPTIONS } from './shared/global-options.js';
import { nextWords, resolveCommand } from './table/command-tree.js';
import { operationFlags } from './table/operation-flags.js';
import { MODES, VERIFY_OPTIONS } from './verify/args.js';

/** The shells `loyalty completion` writes a script for. */
export const SHELLS = ['bash', 'zsh', 'fish'] as const;
export type Shell = (typeof SHELLS)[number];

/** What `loyalty __complete` prints, alone, when the word is a file's path: the shell completes it. */
export const FILES = ':files';

/** The flags whose value is a file's path. */
const FILE_FLAGS = new Set([
  '--data',
  '--api-key-file',
  '--file',
  '--checkpoint',
  '--failures',
  '--config',
  '--report',
  '--json',
  '--junit',
  '--profile',
  '--profile-out',
  '--token-file',
]);

interface Flag {
  /** Whether a value follows the flag. */
  takesValue: boolean;
  /** The values it takes, when they are few and known. */
  values?: readonly string[];
}

type ParseOptions = Record<string, { type: 'string' | 'boolean' }>;

const flagsOf = (options: ParseOptions): Map<string, Flag> =>
  new Map(
    Object.entries(options).map(([name, option]) => [`--${name}`, { takesValue: option.type === 'string' }]),
  );

function verifyFlags(): Map<string, Flag> {
  const flags = flagsOf(VERIFY_OPTIONS);
  flags.set('--mode', { takesValue: true, values: MODES });
  flags.set('--only', { takesValue: true, values: operationIds });
  return flags;
}

function mcpFlags(): Map<string, Flag> {
  const flags = flagsOf(MCP_OPTIONS);
  flags.set('--tools', { takesValue: true, values: operationIds });
  return flags;
}

function operationFlagMap(operation: Operation): Map<string, Flag> {
  const flags = flagsOf(GLOBAL_OPTIONS);
  for (const field of operationFlags(operation).fields) {
    const values = field.parameter.schema.enum;
    flags.set(field.flag, {
      takesValue: field.kind !== 'boolean',
      ...(Array.isArray(values) ? { values: values.map(String) } : {}),
    });
  }
  return flags;
}

/** The command's flags and, when `previous` is one of them waiting for its value, that value's candidates. */
function flagCandidates(flags: Map<string, Flag>, previous: string | undefined, current: string): string[] {
  const pending = previous === undefined ? undefined : flags.get(previous);
  if (pending?.takesValue && previous !== undefined) {
    if (FILE_FLAGS.has(previous)) return [FILES];
    return [...(pending.values ?? [])];
  }
  return current.startsWith('-') ? [...flags.keys()] : [];
}

const TOP_COMMANDS = ['bulk', 'serve', 'whoami', 'verify', 'mcp', 'help', 'completion'] as const;

function candidatesFor(done: readonly string[], current: string): string[] {
  const [first, ...rest] = done;
  const previous = done.at(-1);
  if (first === undefined)
    return current.startsWith('-') ? ['--help', '--version'] : [...TOP_COMMANDS, ...nextWords([])];
  if (first === 'completion') return rest.length === 0 ? [...SHELLS] : [];
  if (first === 'serve') return flagCandidates(flagsOf(SERVE_OPTIONS), previous, current);
  if (first === 'whoami') return flagCandidates(flagsOf(COMMAND_OPTIONS), previous, current);
  if (first === 'verify') return flagCandidates(verifyFlags(), previous, current);
  if (first === 'mcp') return flagCandidates(mcpFlags(), previous, current);
  if (first === 'help' || first === 'bulk') {
    const options = first === 'help' ? COMMAND_OPTIONS : BULK_OPTIONS;
    const named = rest.some((word) => (operationIds as readonly string[]).includes(word));
    const values = flagCandidates(flagsOf(options), previous, current);
    return values.length > 0 || named || current.startsWith('-') ? values : [...operationIds];
  }
  const resolved = resolveCommand(done);
  if (resolved.kind === 'group') {
    return resolved.rest.length === 0 && !current.startsWith('-') ? nextWords(resolved.words) : ['--help'];
  }
  if (resolved.kind === 'operation')
    return flagCandidates(operationFlagMap(resolved.operation), previous, current);
  return [];
}

/**
 * `loyalty __complete <words>... <current>`: what may come in place of `current` after `words`,
 * one per line, drawn from the same command tree and flags the commands parse; `:files` alone
 * when it is a file's path. The shell scripts of `loyalty completion` call it on each Tab.
 */
export function complete(words: readonly string[]): string[] {
  const done = words.slice(0, -1);
  const current = words.at(-1) ?? '';
  const candidates = candidatesFor(done, current);
  if (candidates.length === 1 && candidates[0] === FILES) return candidates;
  return candidates.filter((candidate) => candidate.startsWith(current));
}

const SCRIPTS: Record<Shell, string> = {
  bash: `# loyalty completion for bash: add to ~/.bashrc
#   source <(loyalty completion bash)
_loyalty() {
  local IFS=$'\\n'
  local -a candidates
  candidates=($(loyalty __complete "\${COMP_WORDS[@]:1:COMP_CWORD}" 2>/dev/null))
  if [[ "\${candidates[0]}" == "${FILES}" ]]; then
    COMPREPLY=($(compgen -f -- "\${COMP_WORDS[COMP_CWORD]}"))
  else
    COMPREPLY=("\${candidates[@]}")
  fi
}
complete -o filenames -F _loyalty loyalty
`,
  zsh: `#compdef loyalty
# loyalty completion for zsh: add to ~/.zshrc (after compinit)
#   source <(loyalty completion zsh)
_loyalty() {
  local -a candidates
  candidates=("\${(@f)$(loyalty __complete "\${(@)words[2,CURRENT]}" 2>/dev/null)}")
  if [[ "\${candidates[1]}" == "${FILES}" ]]; then
    _files
  else
    compadd -- \${candidates:#}
  fi
}
compdef _loyalty loyalty
`,
  fish: `# loyalty completion for fish: save as ~/.config/fish/completions/loyalty.fish
#   loyalty completion fish > ~/.config/fish/completions/loyalty.fish
function __loyalty_complete
    set -l candidates (loyalty __complete (commandline -opc)[2..-1] (commandline -ct) 2>/dev/null)
    if test "$candidates[1]" = "${FILES}"
        __fish_complete_path (commandline -ct)
    else
        printf '%s\\n' $candidates
    end
end
complete -c loyalty -f -a '(__loyalty_complete)'
`,
};

/** The script `loyalty completion <shell>` prints. */
export function completionScript(shell: Shell): string {
  return SCRIPTS[shell];
}
