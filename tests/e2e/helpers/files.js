// Files picked for the page's file input as a person picks them: from disk, so the browser reads
// them itself. (A buffer handed to Playwright's setInputFiles is turned into a File by script
// in the page, which takes its main thread: about 90 ms for a 1 MB file, counted as the page's
// long task.) The files live in one temporary directory per test process, removed at its exit.

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

let dir = null;

function tempDir() {
  if (!dir) {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'perceptron-files-'));
    process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));
  }
  return dir;
}

/** Picks a file `name` holding `content` (a string, UTF-8, or a Buffer) in `#file-input`. */
async function pickFile(page, name, content, options = {}) {
  const folder = fs.mkdtempSync(path.join(tempDir(), 'f-'));
  const file = path.join(folder, name);
  fs.writeFileSync(file, content);
  await page.locator('#file-input').setInputFiles(file, options);
}

module.exports = { pickFile };
