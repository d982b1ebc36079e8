import { Badge, Group, Stack, Text } from "@mantine/core";
import { formatMoney } from "#app/lib/format";
import { AVAILABILITY_LABELS, type CandidateProfile, LANGUAGE_LEVEL_LABELS } from "#common/jobs";

const monthOf = (value?: string) => {
  if (!value) return "";
  const [year, month] = value.split("-");
  return `${month}/${year}`;
};
const period = (desde?: string, hasta?: string) =>
  desde ? `${monthOf(desde)} – ${hasta ? monthOf(hasta) : "actualidad"}` : monthOf(hasta);

/** A candidate's profile as a company reads it beside the CV (read-only; plain text rendered as text). */
export function ProfileSummary({ profile }: { profile: CandidateProfile }) {
  const salary =
    profile.salarioDeseado !== null && profile.salarioMoneda
      ? `${formatMoney(profile.salarioDeseado, profile.salarioMoneda)} al año`
      : null;
  return (
    <Stack gap="xs">
      {profile.titular ? <Text fw={600}>{profile.titular}</Text> : null}
      {profile.experiencia.length ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Experiencia
          </Text>
          {profile.experiencia.map((row) => (
            <Text size="sm" key={`${row.puesto}-${row.empresa}-${row.desde}`}>
              {`${row.puesto} en ${row.empresa} `}
              <Text span size="sm" c="gray.7">
                ({period(row.desde, row.hasta)})
              </Text>
            </Text>
          ))}
        </Stack>
      ) : null}
      {profile.formacion.length ? (
        <Stack gap={4}>
          <Text size="sm" fw={600}>
            Formación
          </Text>
          {profile.formacion.map((row) => (
            <Text size="sm" key={`${row.titulo}-${row.centro}`}>
              {`${row.titulo}, ${row.centro}`}
              {row.desde || row.hasta ? (
                <Text span size="sm" c="gray.7">
                  {" "}
                  ({period(row.desde, row.hasta)})
                </Text>
              ) : null}
            </Text>
          ))}
        </Stack>
      ) : null}
      {profile.idiomas.length ? (
        <Text size="sm">
          <Text span size="sm" fw={600}>
            Idiomas:{" "}
          </Text>
          {profile.idiomas.map((row) => `${row.idioma} (${LANGUAGE_LEVEL_LABELS[row.nivel]})`).join(", ")}
        </Text>
      ) : null}
      <SkillBadges skills={profile.habilidades} />
      <Text size="sm" c="gray.7">
        {[
          profile.disponibilidad ? `Disponibilidad: ${AVAILABILITY_LABELS[profile.disponibilidad].toLowerCase()}` : null,
          salary ? `Salario deseado: ${salary}` : null,
        ]
          .filter(Boolean)
          .join(" · ")}
      </Text>
    </Stack>
  );
}

export function SkillBadges({ skills }: { skills: string[] }) {
  if (!skills.length) return null;
  return (
    <Group gap={6} component="ul" style={{ listStyle: "none", padding: 0, margin: 0 }} aria-label="Habilidades">
      {skills.map((skill) => (
        <Badge component="li" key={skill} variant="light" color="gray" tt="none">
          {skill}
        </Badge>
      ))}
    </Group>
  );
}
