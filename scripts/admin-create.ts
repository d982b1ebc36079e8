// npm run admin:create -- EMAIL: makes EMAIL an admin of the back office (README "Back office").
import { createAdmin } from "#server/admin/bootstrap";
import { closeAppContext, createAppContext } from "#server/boot";
import { loadConfig } from "#server/config";

const email = process.argv[2];
if (!email || process.argv.length > 3) {
  console.error("Uso: npm run admin:create -- EMAIL");
  process.exit(2);
}
const ctx = await createAppContext({ ...loadConfig(), seedDemo: false }, { mailPolling: false });
try {
  const result = await createAdmin(ctx, email);
  if (result.created) {
    console.log(`Cuenta creada para ${email} con el rol de administrador.`);
    console.log(`Contraseña inicial (se muestra solo esta vez; cámbiala al entrar): ${result.password}`);
  } else if (result.alreadyAdmin) {
    console.log(`${email} ya era administrador.`);
  } else {
    console.log(`${email} ahora es administrador.`);
  }
} catch (error) {
  console.error(error instanceof Error && error.name === "ZodError" ? "El e-mail no es válido." : error);
  process.exitCode = 1;
} finally {
  await closeAppContext(ctx);
}
