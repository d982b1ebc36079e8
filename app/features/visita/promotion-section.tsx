import { Paper, Stack, Tabs, Text, Title } from "@mantine/core";
import type { PromotionsByState } from "#server/visita";
import { PromotionList } from "./promotion-list";

const TABS = [
  ["activa", "Activas"],
  ["borrador", "Borradores"],
  ["caducada", "Caducadas"],
  ["retirada", "Retiradas"],
] as const;

/**
 * "Mis promociones" by state, for the representative's dashboard (visitadorPage). Promotions are
 * created from a portfolio entry ("Crear promoción"), so the empty state points there.
 */
export function MyPromotionsSection({ groups }: { groups: PromotionsByState }) {
  const total = TABS.reduce((sum, [state]) => sum + groups[state].length, 0);
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="promociones-title" id="promociones">
      <Stack gap="sm">
        <Title order={2} size="h4" id="promociones-title">
          Mis promociones
        </Title>
        {total === 0 ? (
          <Text c="gray.7">Aún no tienes promociones. Crea una desde un producto de tu cartera con «Crear promoción».</Text>
        ) : (
          <Tabs defaultValue={groups.activa.length || !groups.borrador.length ? "activa" : "borrador"} keepMounted={false}>
            <Tabs.List>
              {TABS.map(([state, label]) => (
                <Tabs.Tab key={state} value={state}>
                  {label} ({groups[state].length})
                </Tabs.Tab>
              ))}
            </Tabs.List>
            {TABS.map(([state, label]) => (
              <Tabs.Panel key={state} value={state} pt="md">
                <PromotionList promotions={groups[state]} manage empty={`No tienes promociones en «${label.toLowerCase()}».`} />
              </Tabs.Panel>
            ))}
          </Tabs>
        )}
      </Stack>
    </Paper>
  );
}
