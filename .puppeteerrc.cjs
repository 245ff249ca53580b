// sdkdocs drives the system Chromium (see src/shared/chromium); puppeteer's own browser download
// cannot work on machines that only reach the npm registry, so it is switched off for every install.
module.exports = { skipDownload: true };
