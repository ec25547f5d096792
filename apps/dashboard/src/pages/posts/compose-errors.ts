/** Which of the API's field error keys belong to each part of the compose form. */
export const ERRORS_OF = {
  accounts: (key: string) => /^accounts(\.\d+)?$/.test(key),
  /** The text of an item; the limits' messages are under the account (`accounts.N`). */
  text: (key: string) => /^versions(\.\d+)?(\.content(\.\d+)?(\.body)?)?$/.test(key) || /^accounts\.\d+$/.test(key),
  options: (key: string) => key.includes('.options.'),
  media: (key: string) => /\.media(\.|$)/.test(key),
  when: (key: string) => ['date', 'time', 'scheduled_at', 'queue'].includes(key),
} satisfies Record<string, (key: string) => boolean>;

/** The keys of the errors a part of the form shows. */
export const keysOf = (errors: Record<string, unknown>, part: keyof typeof ERRORS_OF): string[] => Object.keys(errors).filter(ERRORS_OF[part]);
