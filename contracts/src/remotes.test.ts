import { remoteEntryScriptUrl } from './remotes';

describe('remoteEntryScriptUrl', () => {
  it('names the container script beside the manifest a registry entry names, on any origin', () => {
    expect(remoteEntryScriptUrl('/remotes/mf_invest/1.0.0-ab12cd34ef/mf-manifest.json')).toBe(
      '/remotes/mf_invest/1.0.0-ab12cd34ef/remoteEntry.js',
    );
    expect(remoteEntryScriptUrl('https://cdn.example.net/invest/mf-manifest.json?v=2')).toBe(
      'https://cdn.example.net/invest/remoteEntry.js',
    );
  });

  it('keeps an entry that already names a script', () => {
    expect(remoteEntryScriptUrl('http://localhost:3104/remoteEntry.js')).toBe('http://localhost:3104/remoteEntry.js');
  });
});
