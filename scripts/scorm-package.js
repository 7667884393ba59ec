#!/usr/bin/env node
// Writes the files of a SCORM 1.2 package of one exercise set into a folder (scripts/package.sh
// scorm checks the link, then zips the folder):
//   index.html       the launch page: the whole lab in one page (scripts/single-page.js) that
//                    opens the set and reports to the LMS (www/scorm.js)
//   imsmanifest.xml  one organization, one item (its mastery score the pass mark), one
//                    resource of scormtype "sco" whose one file is index.html
//
//   node scripts/scorm-package.js DIST perceptron-lab.mjs OUTDIR EXERCISE-LINK ID TITLE PASS
'use strict';

const fs = require('fs');
const path = require('path');
const { singlePage, writePage, escapeHtml } = require('./single-page.js');

const [dist, mjs, outDir, exercise, id, title, passText] = process.argv.slice(2);
const pass = Number(passText);
if (!dist || !mjs || !outDir || !exercise || !id || !title || !Number.isInteger(pass) || pass < 0 || pass > 100) {
  console.error('usage: node scripts/scorm-package.js DIST perceptron-lab.mjs OUTDIR EXERCISE-LINK ID TITLE PASS(0-100)');
  process.exit(2);
}

// The compact lab, without the panels a graded set does not need (what it shows while a set
// runs stays: the plot, the status, the described plot and the question).
const HIDE = 'theory,augmented,eta,curve,code,settings,share,files';
const bridge = fs.readFileSync(path.join(__dirname, '..', 'www', 'scorm.js'), 'utf8');
const body = `<p data-role="scorm-status" role="status">Starting the practice set…</p>
<perceptron-lab name="${escapeHtml(title)}" hide="${HIDE}" data-exercise="${escapeHtml(exercise)}" data-pass="${pass}"></perceptron-lab>`;
writePage(path.join(outDir, 'index.html'), singlePage({ dist, mjs, title, body, script: bridge }));

// An XML ID: letters, digits, '-', '_' and '.', starting with a letter.
const ident = `perceptron-lab-${id}`.replace(/[^A-Za-z0-9._-]/g, '_');
const manifest = `<?xml version="1.0" encoding="UTF-8"?>
<manifest identifier="${ident}" version="1.0"
  xmlns="http://www.imsproject.org/xsd/imscp_rootv1p1p2"
  xmlns:adlcp="http://www.adlnet.org/xsd/adlcp_rootv1p2">
  <metadata>
    <schema>ADL SCORM</schema>
    <schemaversion>1.2</schemaversion>
  </metadata>
  <organizations default="${ident}-org">
    <organization identifier="${ident}-org">
      <title>${escapeHtml(title)}</title>
      <item identifier="${ident}-item" identifierref="${ident}-sco" isvisible="true">
        <title>${escapeHtml(title)}</title>
        <adlcp:masteryscore>${pass}</adlcp:masteryscore>
      </item>
    </organization>
  </organizations>
  <resources>
    <resource identifier="${ident}-sco" type="webcontent" adlcp:scormtype="sco" href="index.html">
      <file href="index.html"/>
    </resource>
  </resources>
</manifest>
`;
fs.writeFileSync(path.join(outDir, 'imsmanifest.xml'), manifest);
