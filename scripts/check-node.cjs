// Runs before every npm script (and npm install): stops at once, with one line that says what to install,
// when this Node.js cannot run Coinop. Plain ES5 CommonJS, so that even a very old Node gets the message
// instead of a syntax error. Supported: Node 20.19+, 22.12+ and 24+ (what Next.js 16, Prisma 7 and vitest 4
// need, as package.json "engines" says); 24 is recommended (20 reached its end of life in April 2026).
function supported(version) {
  var parts = String(version).replace(/^v/, "").split(".");
  var major = Number(parts[0]);
  var minor = Number(parts[1]);
  return (major === 20 && minor >= 19) || (major === 22 && minor >= 12) || major >= 24;
}

function message(version) {
  return (
    "Coinop needs Node.js 24 (or 22.12+, or 20.19+); this is Node " +
    version +
    ". Install Node 24 (https://nodejs.org/, or `nvm install 24`) and run the command again."
  );
}

module.exports = { supported: supported, message: message };

if (require.main === module && !supported(process.versions.node)) {
  process.stderr.write(message(process.versions.node) + "\n");
  process.exit(1);
}
