import { Button, Group } from "@mantine/core";
import { Link } from "react-router";
import { linkTo } from "#common/route-names";

const PAGES = [
  { name: "empleo-candidaturas", label: "Mis candidaturas" },
  { name: "empleo-guardadas", label: "Ofertas guardadas" },
  { name: "empleo-alertas", label: "Alertas" },
  { name: "empleo-perfil", label: "Mi perfil" },
] as const;

/** Links between the candidate's jobs pages; the current one is marked for screen readers too. */
export function CandidateNav({ current }: { current: (typeof PAGES)[number]["name"] }) {
  return (
    <Group component="nav" aria-label="Mi área de empleo" gap="xs" mb="lg">
      {PAGES.map((page) => (
        <Button
          key={page.name}
          component={Link}
          to={linkTo(page.name)}
          variant={page.name === current ? "light" : "subtle"}
          aria-current={page.name === current ? "page" : undefined}
          size="sm"
        >
          {page.label}
        </Button>
      ))}
    </Group>
  );
}
