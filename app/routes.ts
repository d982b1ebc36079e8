import { index, type RouteConfig, route } from "@react-router/dev/routes";

// The route table. Each id is the route name of product-spec §2 (see common/route-names.ts,
// which pathTo() uses to build links to these routes).
export default [
  index("routes/home/home.tsx", { id: "home" }),
  route("test", "routes/system/test.tsx", { id: "test" }),
  route("*", "routes/system/not-found.tsx", { id: "not-found" }),
] satisfies RouteConfig;
