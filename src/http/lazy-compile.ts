// Routes' validators (Ajv) and response serializers (fast-json-stringify) compiled on first use
// instead of all at start: compiling the ~250 of them took about half of the server's start time
// and a good share of its memory, while a process serves few of its routes in its first minutes.
// A schema that does not compile then fails its first request instead of the start, so a test
// compiles every pending one (compilePendingSchemas) to prove they all do.
import { createRequire } from 'node:module';
import type SerializerSelector from '@fastify/fast-json-stringify-compiler';
import type { FastifyInstance } from 'fastify';

type Compile<F> = () => F;

/** Route compilations not run yet, each with what it is (for the error when one fails). */
type Pending = Map<() => unknown, string>;

const pendingByApp = new WeakMap<FastifyInstance, Pending>();

/** The pending compilations of one app. */
export class LazyCompilations {
  readonly pending: Pending = new Map();

  private once<F>(label: string, compile: Compile<F>): () => F {
    let compiled: F | null = null;
    const get = () => {
      if (!compiled) {
        compiled = compile();
        this.pending.delete(get);
      }
      return compiled;
    };
    this.pending.set(get, label);
    return get;
  }

  /** A validator (a function with Ajv's `errors`) compiled on its first call. */
  validator<F extends ((data: unknown) => unknown) & { errors?: unknown }>(label: string, compile: Compile<F>): F {
    const get = this.once(label, compile);
    const validate = ((data: unknown) => {
      const fn = get();
      const result = fn(data);
      validate.errors = fn.errors;
      return result;
    }) as F;
    validate.errors = null;
    return validate;
  }

  /** A serializer compiled on its first call. */
  serializer<F extends (data: unknown) => string>(label: string, compile: Compile<F>): F {
    const get = this.once(label, compile);
    return ((data: unknown) => get()(data)) as F;
  }

  /**
   * For Fastify's `schemaController.compilersFactory.buildSerializer`: Fastify's own serializer
   * factory (fast-json-stringify with the shared schemas), each route's serializer made on first use.
   */
  serializerFactory() {
    type Factory = ReturnType<typeof SerializerSelector>;
    type Compiler = ReturnType<Factory>;
    return (externalSchemas?: unknown, options?: Parameters<Factory>[1]) => {
      // fast-json-stringify (and the Ajv it brings) is loaded with the first serializer compiled.
      let compiler: Compiler | null = null;
      const compile = (route: Parameters<Compiler>[0]) => {
        compiler ??= (createRequire(import.meta.url)('@fastify/fast-json-stringify-compiler') as typeof SerializerSelector)()(externalSchemas, options);
        return compiler(route);
      };
      return (route: Parameters<Compiler>[0]) => this.serializer(`response ${route.httpStatus} of ${route.method} ${route.url}`, () => compile(route));
    };
  }

  /**
   * For `schemaController.compilersFactory.buildValidator`: Fastify's own (Ajv through
   * @fastify/ajv-compiler), loaded with the first validator compiled. The app replaces it with its
   * own (src/http/validation.ts); without this, Fastify would load it (and Ajv) at start anyway.
   * (Typed `any`: Fastify's type for this factory is the Ajv compiler's, not what Fastify calls it with.)
   */
  validatorFactory(): any {
    type Route = { schema: unknown; method: string; url: string; httpPart?: string };
    type Validate = ((data: unknown) => unknown) & { errors?: unknown };
    return (externalSchemas?: unknown, options?: unknown) => {
      let compiler: ((route: Route) => Validate) | null = null;
      const compile = (route: Route) => {
        compiler ??= (createRequire(import.meta.url)('@fastify/ajv-compiler') as () => (schemas: unknown, options: unknown) => (route: Route) => Validate)()(externalSchemas, options);
        return compiler(route);
      };
      return (route: Route) => this.validator(`${route.httpPart} of ${route.method} ${route.url}`, () => compile(route));
    };
  }

  /** Whose pending compilations compilePendingSchemas(app) runs. */
  attach(app: FastifyInstance) {
    pendingByApp.set(app, this.pending);
  }
}

/** Compiles every validator and serializer of the app not compiled yet; returns how many. Throws on the first that fails. */
export function compilePendingSchemas(app: FastifyInstance): number {
  const pending = pendingByApp.get(app);
  if (!pending) return 0;
  let count = 0;
  for (const [compile, label] of [...pending]) {
    try {
      compile();
    } catch (error) {
      throw new Error(`schema of ${label} does not compile: ${(error as Error).message}`, { cause: error });
    }
    count++;
  }
  return count;
}
