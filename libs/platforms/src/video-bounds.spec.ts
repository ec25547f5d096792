import { givenAccount, HUGE_VIDEO, IMAGE, LONG_VIDEO, SHORT_VIDEO, VIDEO } from './testing/platform-specification';

/** The videos each platform takes, checked at schedule time (a refusal is a 422 then, not a failure at the due time). */
describe('video bounds at schedule time', () => {
  const withMedia = (media: string) => [{ body: 'Caption', media: [media] }];

  it('given a TikTok video longer than the creator may post, or shorter than 3 s, then the account says so', () => {
    const creator = givenAccount('tiktok', { max_video_post_duration_sec: 600 });
    const options = { tiktok: { privacy_level: 'SELF_ONLY' } };
    creator.whenScheduling({ content: withMedia(VIDEO), options }).thenAccepted();
    creator.whenScheduling({ content: withMedia(LONG_VIDEO), options }).thenErrors({ 'accounts.0': ['The tiktok account takes videos of at most 600 seconds.'] });
    creator.whenScheduling({ content: withMedia(SHORT_VIDEO), options }).thenErrors({ 'accounts.0': ['The tiktok account takes videos of at least 3 seconds.'] });
    givenAccount('tiktok', { max_video_post_duration_sec: 1_800 }).whenScheduling({ content: withMedia(LONG_VIDEO), options }).thenAccepted();
  });

  it('given an Instagram story of more than 60 s or a reel of less than 3 s, then it is refused; a reel of 20 minutes too', () => {
    const instagram = givenAccount('instagram');
    instagram.whenScheduling({ content: withMedia(VIDEO), options: { instagram: { type: 'story' } } }).thenAccepted();
    instagram.whenScheduling({ content: withMedia(LONG_VIDEO), options: { instagram: { type: 'story' } } }).thenErrors({ 'accounts.0': ['The instagram account takes videos of at most 60 seconds.'] });
    instagram.whenScheduling({ content: withMedia(SHORT_VIDEO), options: { instagram: { type: 'reel' } } }).thenErrors({ 'accounts.0': ['The instagram account takes videos of at least 3 seconds.'] });
    instagram.whenScheduling({ content: withMedia(LONG_VIDEO), options: { instagram: { type: 'reel' } } }).thenErrors({ 'accounts.0': ['The instagram account takes videos of at most 900 seconds.'] });
  });

  it('given a Facebook reel of 20 minutes, then it is refused; the same video as a Page video is taken', () => {
    const page = givenAccount('facebook');
    page.whenScheduling({ content: withMedia(LONG_VIDEO), options: { facebook: { type: 'reel' } } }).thenErrors({ 'accounts.0': ['The facebook account takes videos of at most 90 seconds.'] });
    page.whenScheduling({ content: withMedia(LONG_VIDEO) }).thenAccepted();
  });

  it('given a video over a platform’s size, then the size is named; given any video on Reddit, then it takes none', () => {
    givenAccount('threads').whenScheduling({ content: withMedia(HUGE_VIDEO) }).thenErrors({ 'accounts.0': ['The threads account takes videos of at most 1000 MB.'] });
    givenAccount('reddit').whenScheduling({ content: withMedia(VIDEO), options: { reddit: { subreddit: 'test', title: 'A video' } } }).thenErrors({ 'accounts.0': ['The reddit account does not publish videos.'] });
    givenAccount('reddit').whenScheduling({ content: withMedia(IMAGE), options: { reddit: { subreddit: 'test', title: 'An image' } } }).thenAccepted();
  });

  it('given a draft, then no platform rule applies yet', () => {
    givenAccount('instagram').whenScheduling({ content: withMedia(LONG_VIDEO), options: { instagram: { type: 'story' } } }, {}).thenAccepted();
  });
});
