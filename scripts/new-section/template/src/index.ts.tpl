// Rspack needs an entry; the site loads this remote through remoteEntry.js and its one expose (./routes).
export {};
