// Prints one closing line, "e2e: N passed, N failed[, N skipped]", so that a CI log reader that
// understands plain result lines counts the browser tests too.
'use strict';

class SummaryReporter {
  constructor() {
    this.counts = { passed: 0, failed: 0, skipped: 0 };
  }

  onTestEnd(test, result) {
    // Count each test once, by its final outcome.
    if (result.retry < test.retries && result.status !== 'passed' && result.status !== 'skipped') {
      return;
    }
    if (result.status === 'passed') this.counts.passed += 1;
    else if (result.status === 'skipped') this.counts.skipped += 1;
    else this.counts.failed += 1;
  }

  onEnd() {
    const { passed, failed, skipped } = this.counts;
    const tail = skipped ? `, ${skipped} skipped` : '';
    process.stdout.write(`\ne2e: ${passed} passed, ${failed} failed${tail}\n`);
  }

  printsToStdio() {
    return true;
  }
}

module.exports = SummaryReporter;
