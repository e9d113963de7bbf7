import type { ResourceName, Wire } from './resources.ts';

/**
 * The TypeScript type of a value that a JSON Schema of this catalogue accepts, read off the schema's own
 * literal type: the builders of spec-types.ts and resources.ts keep their keywords' literal types, so a
 * resource's shape is written once, as a schema, and its type follows it. A schema change then breaks
 * compilation wherever a value of the old shape is built or read (from-schema.test.ts shows it).
 *
 * Only the keywords that decide a value's shape are read: `enum`, `$ref` to a resource, `type`, `items`,
 * `properties` and `required`. Refinements no type can say (patterns, bounds, the `oneOf` and `anyOf` of
 * conditional fields) are left to the validator; a value gets its type once it has passed the schema.
 */
export type FromSchema<S> = S extends { readonly enum: readonly (infer E)[] }
  ? E
  : S extends { readonly $ref: string; readonly [resourceKey]?: infer N }
    ? N extends ResourceName
      ? Wire<N>
      : unknown
    : S extends { readonly type: 'string' }
      ? string
      : S extends { readonly type: 'integer' | 'number' }
        ? number
        : S extends { readonly type: 'boolean' }
          ? boolean
          : S extends { readonly type: 'array'; readonly items: infer I }
            ? FromSchema<I>[]
            : S extends { readonly type: 'object'; readonly properties: infer P }
              ? ObjectOf<P, RequiredNames<S>>
              : S extends { readonly type: 'object' }
                ? Record<string, unknown>
                : unknown;

/**
 * Where a `$ref` schema names its resource for the type checker alone (schemaRef gives it the type; no
 * value carries the key), so that FromSchema resolves the reference without the catalogue resolving itself.
 */
declare const resourceKey: unique symbol;
export type ResourceRef<N extends ResourceName> = { readonly $ref: string; readonly [resourceKey]?: N };

/** The names an object schema lists as `required`. */
export type RequiredNames<S> = S extends { readonly required?: readonly (infer R)[] } ? Extract<R, string> : never;

type ObjectOf<P, R extends string> = Flat<
  { -readonly [K in keyof P & R]: FromSchema<P[K]> } & { -readonly [K in Exclude<keyof P, R>]?: FromSchema<P[K]> }
>;

/** One object type instead of an intersection, so that a hover or an error shows the fields. */
type Flat<T> = T extends infer O ? { [K in keyof O]: O[K] } : never;
