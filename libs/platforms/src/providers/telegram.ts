import { describePlatform } from '../platform';

/** The longest caption the Bot API takes on media (a message alone takes 4096 characters). */
export const TELEGRAM_CAPTION_MAX_CHARACTERS = 1024;

/** Telegram (Bot API): 4096 characters a message, 1024 as the caption of media; further items reply to the one before. */
export const telegram = describePlatform({ provider: 'telegram', label: 'Telegram', connect: { oauth: false, settings: [{ name: 'chat_id', required: true }, { name: 'api_url', required: false }], credentials: [{ name: 'bot_token', required: true }] }, textLimit: 4096, textLimitWithMedia: TELEGRAM_CAPTION_MAX_CHARACTERS, contentItems: 'thread' });
