import { startBannerLines } from './start-banner';

describe('startBannerLines', () => {
  it('names the API, the dashboard and the docs, and the admin token generated at this start', () => {
    expect(startBannerLines('Ready', 'http://localhost:3000', 'sps_generated')).toEqual([
      'Ready',
      '  API:        http://localhost:3000/api',
      '  Dashboard:  http://localhost:3000/app',
      '  API docs:   http://localhost:3000/api/docs',
      '  Admin token (generated at this start, shown once: store it now): sps_generated',
    ]);
  });

  it('shows no token line when the start generated none', () => {
    expect(startBannerLines('Ready', 'https://publish.example.com', null)).toEqual([
      'Ready',
      '  API:        https://publish.example.com/api',
      '  Dashboard:  https://publish.example.com/app',
      '  API docs:   https://publish.example.com/api/docs',
    ]);
  });
});
