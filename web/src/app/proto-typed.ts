import type { TypedDocumentNode } from '@apollo/client';

/**
 * The result type `T` that codegen generated for a selection, with the literal types proto gives its
 * string fields. The GraphQL schema can only say `String` where proto declares a union of values
 * (`'sweet-spot'`, `'best-20-minutes'`, ...) and the services answer with proto's DTOs, so the keys
 * come from the selection (a field left out is not there) and each string field's values from `D`.
 */
export type ProtoTyped<T, D> = T extends null | undefined
  ? T
  : T extends readonly (infer Item)[]
    ? ProtoTyped<Item, NonNullable<D> extends readonly (infer DtoItem)[] ? DtoItem : never>[]
    : T extends string
      ? [Extract<NonNullable<D>, string>] extends [never]
        ? T
        : string extends Extract<NonNullable<D>, string>
          ? T
          : Extract<NonNullable<D>, string>
      : T extends object
        ? { [K in keyof T]: K extends keyof NonNullable<D> ? ProtoTyped<T[K], NonNullable<D>[K]> : T[K] }
        : T;

/**
 * A generated document whose answer follows proto's DTOs `D` (see ProtoTyped): types only, the
 * document is returned as it is.
 *   export const GOALS_QUERY = protoTyped<{ goals: GoalDto[] }>()(graphql(`query Goals { ... }`));
 */
export const protoTyped =
  <D>() =>
  <T, V>(document: TypedDocumentNode<T, V>): TypedDocumentNode<ProtoTyped<T, D>, V> =>
    document as unknown as TypedDocumentNode<ProtoTyped<T, D>, V>;
