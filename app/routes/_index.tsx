import type { MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { upstream } from "~/upstream/index.server";
import type { LoaderFunctionArgs } from "@remix-run/node";

export const meta: MetaFunction = () => [
  { title: "Academy — vocational and cosmetology training in Lagos" },
  { name: "description", content: "Hands-on courses in skincare, hairdressing, fashion, photography and more, in Lagos." },
];

export async function loader({ request }: LoaderFunctionArgs) {
  const api = upstream(request);
  const courses = await api.courses.list({ limit: 3 }).catch(() => null);
  return json({ courses }, { headers: api.headers });
}

export default function Home() {
  const { courses } = useLoaderData<typeof loader>();
  return (
    <main className="container">
      <h1>Learn a craft. Build a career.</h1>
      <h2>Trending Courses</h2>
      {courses ? (
        <ul>
          {courses.map((c) => (
            <li key={c._id}>
              <Link to={`/course/${c._id}/${c.slug}`}>{c.title}</Link>
            </li>
          ))}
        </ul>
      ) : (
        <p>Something went wrong. It might be network-related</p>
      )}
    </main>
  );
}
