import { spawn } from 'node:child_process';
import { isIP } from 'node:net';
import path from 'node:path';
import { InvalidArgumentError, type Command } from 'commander';
import pc from 'picocolors';
import { UserError } from '../../core/diagnostic.js';
import { runCommand, type SetExitCode } from '../run-command.js';
import { loadCommandConfig, type ConfigCommandOptions } from '../load-command-config.js';

interface ServeCommandOptions extends ConfigCommandOptions {
  port: number;
  host: string;
  outDir?: string;
  watch?: boolean;
  open?: boolean;
  verbose?: boolean;
}

/** Without an explicit --port, a taken 3000 moves on to the next free port within this many. */
const defaultPortAttempts = 20;

export function registerServeCommand(program: Command, setExitCode: SetExitCode): void {
  program
    .command('serve')
    .description('Serve the built site; with --watch, build first, rebuild on change and reload the browser')
    .argument('[siteDir]', 'site folder', '.')
    .option('--port <port>', 'port to listen on (0 for any free port)', parsePort, 3000)
    .option('--host <host>', 'address to bind (0.0.0.0 to be reachable from other machines)', parseHost, '127.0.0.1')
    .option('--out-dir <dir>', 'output folder instead of the config outDir')
    .option('--watch', 'build, then rebuild on change and reload open pages')
    .option('--open', 'open the site in a browser')
    .option('--verbose', 'print each build stage with its time')
    .option('--untrusted', 'serve what `build --untrusted` made of siteDir, reading no config from it')
    .option('--trusted-site <dir>', 'with --untrusted: the trusted checkout whose config names the output folder')
    .action(async (siteDir: string, options: ServeCommandOptions, command: Command) => {
      const portChosen = command.getOptionValueSource('port') === 'cli';
      if (options.trustedSite !== undefined && !options.untrusted) command.error('error: --trusted-site is for safe mode: add --untrusted.', { exitCode: 2, code: 'sdkdocs.trustedSite' });
      // A watch build runs the code of the folder it watches; safe mode serves a build made with `build --untrusted`.
      if (options.untrusted && options.watch) command.error('error: --untrusted cannot watch: build with `sdkdocs build --untrusted`, then serve without --watch.', { exitCode: 2, code: 'sdkdocs.untrustedWatch' });
      setExitCode(
        await runCommand(options, async (logger) => {
          // Loaded here: the server's watch mode imports the whole build pipeline, which `sdkdocs build` wants to load only after starting TypeDoc.
          const [{ serve }, { PortInUseError }] = await Promise.all([import('../../serve/serve.js'), import('../../serve/static-server.js')]);
          const server = await serve({
            siteDir,
            outDir: options.outDir,
            port: options.port,
            host: options.host,
            portAttempts: portChosen ? 0 : defaultPortAttempts,
            watch: options.watch,
            logger,
            config: options.untrusted ? await loadCommandConfig(siteDir, options) : undefined,
          }).catch((error: unknown) => {
            const code = (error as NodeJS.ErrnoException).code;
            if (code === 'EADDRNOTAVAIL' || code === 'ENOTFOUND' || code === 'EAI_AGAIN') {
              throw new UserError({
                severity: 'error',
                code: 'serve',
                message: `--host ${options.host}: this machine has no such address (${code}).`,
                hint: 'Pass an address of this machine: 127.0.0.1 (the default), 0.0.0.0 for every interface, or one of its own IPs.',
              });
            }
            if (!(error instanceof PortInUseError)) throw error;
            throw new UserError({
              severity: 'error',
              code: 'serve',
              message: error.message,
              hint: `Stop the other server or pass another port: --port ${error.port + 1}, or --port 0 for any free one.`,
            });
          });
          if (server.port !== options.port && options.port !== 0) logger.warn(`Port ${options.port} is in use; using ${server.port} instead.`);
          const folder = path.relative(process.cwd(), server.outRoot) || '.';
          logger.info(`Serving ${folder} at ${pc.cyan(server.url)}${options.watch ? ', watching for changes' : ''}. Press Ctrl+C to stop.`);
          if (options.open) openBrowser(server.url);
          await stopSignal();
          await server.close();
        }),
      );
    });
}

function parsePort(value: string): number {
  const port = Number(value);
  if (!/^\d+$/.test(value) || port > 65535) throw new InvalidArgumentError('expected a port number from 0 to 65535.');
  return port;
}

/** An IP address or a host name; a dotted-number string that is no IPv4 address (`999.1.1.1`) is refused here, before the server starts. */
function parseHost(value: string): string {
  if (isIP(value) !== 0) return value;
  const hostName = /^(?=.{1,253}$)[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?$/i;
  if (/^[\d.]+$/.test(value) || !hostName.test(value)) {
    throw new InvalidArgumentError('expected an IP address (127.0.0.1, 0.0.0.0, ::1) or a host name (localhost).');
  }
  return value;
}

/** Resolves on Ctrl+C (SIGINT) or SIGTERM. */
function stopSignal(): Promise<void> {
  return new Promise((resolve) => {
    const stop = () => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolve();
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
}

/** Opens the URL in the default browser; without one (a server, a container) nothing happens. */
function openBrowser(url: string): void {
  const [command, args] =
    process.platform === 'darwin' ? ['open', [url]] : process.platform === 'win32' ? ['cmd', ['/c', 'start', '""', url]] : ['xdg-open', [url]];
  try {
    const child = spawn(command, args, { stdio: 'ignore', detached: true });
    child.on('error', () => {});
    child.unref();
  } catch {
    // No opener installed: the URL is printed above.
  }
}
