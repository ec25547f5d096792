import { facebookUnderTest } from '@test/providers/facebook/facebook-test-setup';
import { asyncStepScenarios } from '@test/providers/support/async-step-scenarios';
import { mp4Media, pngMedia, providerScenarios } from '@test/providers/support/provider-scenarios';

jest.setTimeout(60_000);

/** Facebook against a local Graph API answering as Facebook's references document: the scenarios every provider passes, and each asynchronous path cut off at each step. */
describe('FacebookProvider', () => {
  const local = facebookUnderTest();

  describe('the scenarios of every provider (text posts on the feed)', () => providerScenarios(() => local.setup.target(local.facebook)));

  describe('a post of several photos: unpublished photos, then one feed post', () => {
    const target = () => local.setup.target(local.facebook, { mediaOfEveryPost: async () => [await local.setup.media.serve(pngMedia(20, 20)), await local.setup.media.serve(pngMedia(30, 20))] });
    asyncStepScenarios(target, [
      { name: 'an unpublished photo', path: /^\/v21\.0\/\d+\/photos$/ },
      { name: 'the feed post attaching them', path: /^\/v21\.0\/\d+\/feed$/ },
    ]);
  });

  describe('a video post: the video fetched by Facebook, then processed', () => {
    const target = () => local.setup.target(local.facebook, { publishPath: /^\/v21\.0\/\d+\/videos$/, mediaOfEveryPost: async () => [await local.setup.media.serve(mp4Media())] });
    asyncStepScenarios(target, [
      { name: 'the video post', path: /^\/v21\.0\/\d+\/videos$/ },
      { name: 'a look at its status', path: /^\/v21\.0\/\d+\?fields=status$/ },
    ]);
  });

  describe('a reel: an upload session, the hosted file, finish, processing', () => {
    const target = () =>
      local.setup.target(local.facebook, { publishPath: /\/video_reels\?upload_phase=finish/, optionsOfEveryPost: { facebook: { type: 'reel' } }, mediaOfEveryPost: async () => [await local.setup.media.serve(mp4Media())] });
    asyncStepScenarios(target, [
      { name: 'the upload session (start)', path: /\/video_reels\?upload_phase=start$/ },
      { name: 'the upload of the hosted file', path: /^\/video-upload\/v21\.0\/\d+$/ },
      { name: 'the publish request (finish)', path: /\/video_reels\?upload_phase=finish/ },
      { name: 'a look at its status', path: /^\/v21\.0\/\d+\?fields=status$/ },
    ]);
  });
});
