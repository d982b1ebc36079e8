import { data } from "react-router";
import { NotFound } from "#app/ui/not-found";

/** Every unknown path: the not-found page with HTTP 404. */
export function loader() {
  return data(null, { status: 404 });
}

export function meta() {
  return [{ title: "Página no encontrada" }, { name: "robots", content: "noindex" }];
}

export default function NotFoundRoute() {
  return <NotFound />;
}
