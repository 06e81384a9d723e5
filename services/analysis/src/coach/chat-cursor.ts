import { badRequest } from '@domestique/common';
import { AnalysisMessages } from '@domestique/proto';

/** Where a page of the conversation ends: the last message's time and id (keyset pagination). */
export interface ChatCursor {
  createdAt: Date;
  id: string;
}

export const encodeChatCursor = (cursor: ChatCursor): string =>
  Buffer.from(`${cursor.createdAt.toISOString()}|${cursor.id}`).toString('base64url');

export const decodeChatCursor = (value: string): ChatCursor => {
  const [time, id] = Buffer.from(value, 'base64url').toString().split('|');
  const createdAt = new Date(time ?? '');
  if (!id || !/^[0-9a-f-]{36}$/i.test(id) || Number.isNaN(createdAt.getTime()))
    throw badRequest(AnalysisMessages.invalidCursor);
  return { createdAt, id };
};
