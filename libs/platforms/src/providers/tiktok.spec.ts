import { givenAccount, VIDEO } from '../testing/platform-specification';
import { tiktok } from './tiktok';

describe('TikTok', () => {
  const video = [{ body: 'Caption', media: [VIDEO] }];

  it('given no privacy level, then it is required; disable_comment must be true or false', () => {
    givenAccount('tiktok').whenScheduling({ content: video, options: { tiktok: { disable_comment: 'no' } } }).thenErrors({
      'versions.0.options.tiktok.privacy_level': ['The privacy_level field is required.'],
      'versions.0.options.tiktok.disable_comment': ['The disable_comment field must be true or false.'],
    });
  });

  it('given the levels the creator account offers, then only those are taken, and the message names them', () => {
    const creator = givenAccount('tiktok', { privacy_level_options: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'] });
    creator.whenScheduling({ content: video, options: { tiktok: { privacy_level: 'SELF_ONLY' } } }).thenAccepted();
    creator.whenScheduling({ content: video, options: { tiktok: { privacy_level: 'PUBLIC_TO_EVERYONE' } } }).thenErrors({
      'versions.0.options.tiktok.privacy_level': ['The selected privacy_level is invalid. Use FOLLOWER_OF_CREATOR or SELF_ONLY.'],
    });
  });

  it('given an account whose levels are not known, then any level of TikTok is taken', () => {
    givenAccount('tiktok').whenScheduling({ content: video, options: { tiktok: { privacy_level: 'PUBLIC_TO_EVERYONE', disable_comment: true } } }).thenAccepted();
  });

  it('given the options, then the publisher reads them typed', () => {
    expect(tiktok.readOptions({ tiktok: { privacy_level: 'SELF_ONLY' } })).toEqual({ privacy_level: 'SELF_ONLY', disable_comment: false });
    expect(tiktok.readOptions({ tiktok: { privacy_level: 'EVERYONE' } })).toEqual({ privacy_level: null, disable_comment: false });
  });
});
