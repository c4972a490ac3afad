import { execFile } from 'node:child_process';

/**
 * The virus scanner behind videos (docs/design.md: ClamAV behind a scanner interface; without it
 * the scanner reports `unscanned` and the admin sees it). A scanner never answers `clean`
 * unless ClamAV said so: any failure is `unscanned`, with an error in the log.
 */
export type ScanOutcome = { result: 'clean' | 'infected' | 'unscanned'; signature?: string };

export interface VirusScanner {
  /** For logs: which scanner this is. */
  readonly name: string;
  scan(file: string): Promise<ScanOutcome>;
}

export type ScannerChoice = 'auto' | 'clamscan' | 'clamdscan' | 'none';
type Log = { info: (o: object, m: string) => void; error: (o: object, m: string) => void };

/** Long enough for clamscan to load the full signature set (tens of seconds) and read 100 MB. */
const SCAN_TIMEOUT_MS = 10 * 60_000;
// clamscan skips files above its own limits (100 MB by default) and calls them clean; these
// sit above the largest video we accept, so every byte is read.
const CLAMSCAN_LIMITS = ['--max-filesize=200M', '--max-scansize=800M'];

type Run = { code: number | null; stdout: string; stderr: string; failure?: string };

function run(command: string, args: string[], timeoutMs: number): Promise<Run> {
  return new Promise((resolve) => {
    // Arguments, never a shell: the file name cannot become a command.
    execFile(
      command,
      args,
      { timeout: timeoutMs, killSignal: 'SIGKILL', maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (!error) return resolve({ code: 0, stdout, stderr });
        const { code, killed } = error as NodeJS.ErrnoException & { killed?: boolean };
        if (typeof code === 'number') return resolve({ code, stdout, stderr });
        resolve({
          code: null,
          stdout,
          stderr,
          failure: killed ? 'timed out' : String(code ?? error.message),
        });
      },
    );
  });
}

/** The signature of a `<file>: <signature> FOUND` line. */
export function foundSignature(output: string): string | undefined {
  const match = /:\s+(\S+)\s+FOUND\s*$/m.exec(output);
  return match?.[1];
}

/** ClamAV's exit codes, the same for clamscan and clamdscan: 0 clean, 1 found, else error. */
function clamav(
  name: string,
  command: string,
  args: (file: string) => string[],
  log: Log,
  timeoutMs: number,
): VirusScanner {
  return {
    name,
    async scan(file) {
      const outcome = await run(command, args(file), timeoutMs);
      if (outcome.code === 0) return { result: 'clean' };
      const signature = foundSignature(outcome.stdout);
      // 1 is "found"; without a FOUND line it is some other tool's failure, not a verdict.
      if (outcome.code === 1 && signature) return { result: 'infected', signature };
      log.error(
        {
          scanner: name,
          exitCode: outcome.code,
          failure: outcome.failure,
          output: (outcome.stderr || outcome.stdout).trim().slice(0, 1000),
        },
        'virus scan failed: the file is marked unscanned',
      );
      return { result: 'unscanned' };
    },
  };
}

export function clamscanScanner(options: {
  database?: string;
  log: Log;
  command?: string;
  timeoutMs?: number;
}): VirusScanner {
  const database = options.database ? ['-d', options.database] : [];
  return clamav(
    'clamscan',
    options.command ?? 'clamscan',
    (file) => ['--no-summary', ...CLAMSCAN_LIMITS, ...database, file],
    options.log,
    options.timeoutMs ?? SCAN_TIMEOUT_MS,
  );
}

/** The ClamAV daemon: signatures stay loaded, so each scan is quick; its limits are in clamd.conf. */
export function clamdscanScanner(options: { log: Log; timeoutMs?: number }): VirusScanner {
  return clamav(
    'clamdscan',
    'clamdscan',
    (file) => ['--no-summary', '--fdpass', file],
    options.log,
    options.timeoutMs ?? SCAN_TIMEOUT_MS,
  );
}

export const noScanner: VirusScanner = {
  name: 'none',
  scan: async () => ({ result: 'unscanned' }),
};

/** Whether `clamscan` is installed and runs. */
export async function clamscanAvailable(command = 'clamscan'): Promise<boolean> {
  const outcome = await run(command, ['--version'], 10_000);
  return outcome.code === 0 && /ClamAV/i.test(outcome.stdout);
}

/**
 * The configured scanner (VIRUS_SCANNER, CLAMAV_DATABASE). `auto` looks for clamscan on the
 * first scan, not at start-up, and says once in the log what it found.
 */
export function createScanner(
  config: { virusScanner: ScannerChoice; clamavDatabase: string | undefined },
  log: Log,
): VirusScanner {
  const clamscan = () => clamscanScanner({ database: config.clamavDatabase, log });
  switch (config.virusScanner) {
    case 'none':
      return noScanner;
    case 'clamscan':
      return clamscan();
    case 'clamdscan':
      return clamdscanScanner({ log });
    case 'auto': {
      let chosen: Promise<VirusScanner> | undefined;
      const choose = async () => {
        const found = await clamscanAvailable();
        log.info(
          { scanner: found ? 'clamscan' : 'none' },
          found
            ? 'videos are scanned with clamscan'
            : 'clamscan not found: videos are marked unscanned (install ClamAV to scan them)',
        );
        return found ? clamscan() : noScanner;
      };
      return {
        name: 'auto',
        async scan(file) {
          chosen ??= choose();
          return (await chosen).scan(file);
        },
      };
    }
  }
}
