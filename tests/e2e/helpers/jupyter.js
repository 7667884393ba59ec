// A JupyterLab server for the notebook tests: the one in target/python-venv (PERCEPTRON_PYTHON),
// on 127.0.0.1 with a token, its settings, runtime and data folders in a temporary folder of its
// own (JupyterLab's news and update checks off, so no notification covers the notebook), the
// notebooks of `folder` as its root. `stop()` ends it and everything it started.
'use strict';

const { spawn } = require('node:child_process');
const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const { REPO_ROOT } = require('../env');

const PYTHON = process.env.PERCEPTRON_PYTHON || path.join(REPO_ROOT, 'target', 'python-venv', 'bin', 'python');

/** A port free on 127.0.0.1 now. */
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Settings written before the server starts: no news, no update check, and the notebook's
 * preferred kernel started without asking. Without that, a notebook opened before JupyterLab
 * has its kernel specs (a busy machine) asks "Select Kernel" in a dialog, which took the
 * focus from the cell a test ran (seen once on a fresh clone).
 */
function writeSettings(dir) {
  const write = (plugin, settings) => {
    const file = path.join(dir, '@jupyterlab', plugin);
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, JSON.stringify(settings));
  };
  write('apputils-extension/notification.jupyterlab-settings', { fetchNews: 'false', checkForUpdates: false });
  write('notebook-extension/tracker.jupyterlab-settings', { autoStartDefaultKernel: true });
}

async function startJupyter(folder) {
  if (!fs.existsSync(PYTHON)) throw new Error(`no Python at ${PYTHON}: run scripts/setup.sh --test`);
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-lab-jupyter-home-'));
  const settings = path.join(home, 'settings');
  writeSettings(settings);
  const port = await freePort();
  const token = crypto.randomBytes(16).toString('hex');
  const env = {
    ...process.env,
    JUPYTER_CONFIG_DIR: path.join(home, 'config'),
    JUPYTER_DATA_DIR: path.join(home, 'data'),
    JUPYTER_RUNTIME_DIR: path.join(home, 'runtime'),
    JUPYTERLAB_SETTINGS_DIR: settings,
    JUPYTERLAB_WORKSPACES_DIR: path.join(home, 'workspaces'),
    IPYTHONDIR: path.join(home, 'ipython'),
  };
  const child = spawn(PYTHON, [
    '-m', 'jupyterlab', '--no-browser', '--ip=127.0.0.1', `--port=${port}`,
    `--IdentityProvider.token=${token}`, `--ServerApp.root_dir=${folder}`,
    '--ServerApp.port_retries=0', '--allow-root',
  ], { env, detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let log = '';
  child.stderr.on('data', (chunk) => { log = (log + chunk).slice(-20_000); });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const base = `http://127.0.0.1:${port}`;
  // Ready when its API answers with the token (the first start builds nothing: JupyterLab 4 is
  // prebuilt), within two minutes.
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`jupyter lab exited (${child.exitCode}):\n${log}`);
    try {
      const answer = await fetch(`${base}/api/status?token=${token}`);
      if (answer.ok) break;
    } catch (err) {
      // not listening yet
    }
    if (Date.now() > deadline) {
      process.kill(-child.pid, 'SIGKILL');
      throw new Error(`jupyter lab did not answer on ${base} within 2 minutes:\n${log}`);
    }
    await new Promise((resolve) => { setTimeout(resolve, 250); });
  }
  return {
    url: (rest) => `${base}/${rest}?token=${token}`,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        process.kill(-child.pid, 'SIGTERM');
        const timer = setTimeout(() => { try { process.kill(-child.pid, 'SIGKILL'); } catch (err) { /* gone */ } }, 10_000);
        await exited;
        clearTimeout(timer);
      }
      fs.rmSync(home, { recursive: true, force: true });
      fs.rmSync(folder, { recursive: true, force: true });
    },
  };
}

module.exports = { startJupyter };
