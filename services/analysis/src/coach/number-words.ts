/** Numbers riders write in words ("two weeks", "an hour", "lose twenty pounds"). */
export const WORD_NUMBERS: Record<string, number> = {
  a: 1,
  an: 1,
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  twenty: 20,
  thirty: 30,
};

/** A number in digits (decimals too) or in words, as a capturing regular-expression group. */
export const NUMBER_PATTERN = String.raw`(\d+(?:\.\d+)?|${Object.keys(WORD_NUMBERS).join('|')})`;

/** The value of a number `NUMBER_PATTERN` captured. */
export const numberOf = (word: string): number => WORD_NUMBERS[word.toLowerCase()] ?? Number(word);
