export const handle = { layout: "empty" };

export function meta() {
  return [{ title: "Test" }, { name: "robots", content: "noindex" }];
}

/** The specification's `test` route: an empty layout, used to check the shell renders. */
export default function TestPage() {
  return <div data-testid="empty-layout" />;
}
