// The browser build's pino: Prism's stages take a logger and the engine gives them a silent one
// (level 'silent'), so nothing is ever written. pino's own browser build cannot stand in: it drops the
// custom level prism-core adds (`success`), and Prism's mocker then fails with `e.success is not a function`.
'use strict';
const LEVELS = { trace: 10, debug: 20, info: 30, success: 32, warn: 40, error: 50, fatal: 60 };

function createSilentLogger() {
  const logger = { level: 'silent', levels: { values: LEVELS }, child: () => logger, isLevelEnabled: () => false, flush() {} };
  for (const level of Object.keys(LEVELS)) logger[level] = () => undefined;
  return logger;
}

function pino(options) {
  const customLevels = (options && options.customLevels) || {};
  const logger = createSilentLogger();
  for (const level of Object.keys(customLevels)) logger[level] = () => undefined;
  return logger;
}
pino.levels = { values: LEVELS, labels: Object.fromEntries(Object.entries(LEVELS).map(([label, value]) => [value, label])) };
pino.stdTimeFunctions = { epochTime: () => '', isoTime: () => '', nullTime: () => '' };
module.exports = pino;
module.exports.default = pino;
