/// <reference types="@remix-run/dev" />
/// <reference types="@remix-run/node" />

// Single fetch (remix.config.js future.v3_singleFetch): loaders and actions return plain
// data, and useLoaderData/useActionData infer it from `typeof loader`.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

export {};
