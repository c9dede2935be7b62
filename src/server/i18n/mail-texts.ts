// The mails in the recipient's language (issue 24). A typed table, not a catalogue library: a handful
// of texts with values, checked complete by the compiler (every language must give every text).
import type { Locale } from '../../contract/locales.js';

export interface ResetMail {
  subject: string;
  text: (v: { name: string; username: string; minutes: number; link: string }) => string;
}

export interface ReportMail {
  subject: (v: { reportName: string; company: string; from: string; to: string }) => string;
  text: (v: {
    company: string;
    from: string;
    to: string;
    scheduleId?: number;
    requestedBy: string;
    lines: number;
    returns: number;
    formats: readonly ('XLSX' | 'CSV')[];
    truncatedAt?: number;
  }) => string;
}

/** An invitation (issue 25): the link chooses the first password, as a reset link does. */
export interface InviteMail {
  subject: string;
  text: (v: { name: string; username: string; hours: number; link: string; invitedBy: string }) => string;
}

/** The digest of decisions waiting for a brand (issue 25): one an hour at most, with a link to the queue. */
export interface DecisionsMail {
  subject: (v: { company: string; count: number }) => string;
  text: (v: { name: string; company: string; count: number; link: string }) => string;
}

export interface MailTexts {
  reset: ResetMail;
  invite: InviteMail;
  report: ReportMail;
  decisions: DecisionsMail;
}

const both = (f: readonly string[]) => f.length === 2;

export const MAIL_TEXTS: Record<Locale, MailTexts> = {
  en: {
    reset: {
      subject: 'Returns Desk: reset your password',
      text: ({ name, username, minutes, link }) =>
        `Hello ${name},\n\nSomeone asked to reset the password of the Returns Desk account "${username}".\nOpen this link within ${minutes} minutes to choose a new password:\n\n${link}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`,
    },
    invite: {
      subject: 'Returns Desk: your account is ready',
      text: ({ name, username, hours, link, invitedBy }) =>
        `Hello ${name},\n\n${invitedBy} has opened a Returns Desk account for you, user name "${username}".\nOpen this link within ${hours} hours to choose your password:\n\n${link}\n\nThen sign in with your user name and that password.\n`,
    },
    report: {
      subject: ({ reportName, company, from, to }) => `Return report ${reportName}: ${company} ${from} to ${to}`,
      text: (v) => {
        const asWhat = both(v.formats) ? 'as an Excel workbook and as CSV' : v.formats[0] === 'XLSX' ? 'as an Excel workbook' : 'as CSV';
        const why = v.scheduleId
          ? `sent by report schedule #${v.scheduleId} (set up by ${v.requestedBy})`
          : `requested by ${v.requestedBy}`;
        return (
          `Hello,\n\nattached is the return report of ${v.company} for return dates ${v.from} to ${v.to}, ` +
          `${why}: ${v.lines} line(s) of ${v.returns} return(s), ${asWhat}.\n` +
          (v.truncatedAt
            ? `\nThe range holds more than ${v.truncatedAt} lines; only the first ${v.truncatedAt} are included. Ask for a shorter range to see the rest.\n`
            : '') +
          `\nReturns Desk\n`
        );
      },
    },
    decisions: {
      subject: ({ company, count }) => `Returns Desk: ${count} returned item(s) of ${company} wait for your decision`,
      text: ({ name, company, count, link }) =>
        `Hello ${name},\n\n${count} returned item(s) of ${company} wait for your decision. Each has a deadline; without an answer the agreed default is applied.\nSee the photos and decide here:\n\n${link}\n\nReturns Desk\n`,
    },
  },
  de: {
    reset: {
      subject: 'Returns Desk: Passwort zurücksetzen',
      text: ({ name, username, minutes, link }) =>
        `Hallo ${name},\n\njemand hat angefordert, das Passwort des Returns-Desk-Kontos „${username}“ zurückzusetzen.\nÖffnen Sie diesen Link innerhalb von ${minutes} Minuten, um ein neues Passwort zu wählen:\n\n${link}\n\nWenn Sie das nicht waren, ignorieren Sie diese E-Mail; Ihr Passwort bleibt unverändert.\n`,
    },
    invite: {
      subject: 'Returns Desk: Ihr Konto ist bereit',
      text: ({ name, username, hours, link, invitedBy }) =>
        `Hallo ${name},\n\n${invitedBy} hat für Sie ein Returns-Desk-Konto eröffnet, Benutzername „${username}“.\nÖffnen Sie diesen Link innerhalb von ${hours} Stunden, um Ihr Passwort zu wählen:\n\n${link}\n\nMelden Sie sich danach mit Ihrem Benutzernamen und diesem Passwort an.\n`,
    },
    report: {
      subject: ({ reportName, company, from, to }) => `Retourenbericht ${reportName}: ${company} ${from} bis ${to}`,
      text: (v) => {
        const asWhat = both(v.formats)
          ? 'als Excel-Arbeitsmappe und als CSV'
          : v.formats[0] === 'XLSX'
            ? 'als Excel-Arbeitsmappe'
            : 'als CSV';
        const why = v.scheduleId
          ? `versandt vom Berichtsplan Nr. ${v.scheduleId} (eingerichtet von ${v.requestedBy})`
          : `angefordert von ${v.requestedBy}`;
        return (
          `Hallo,\n\nanbei der Retourenbericht von ${v.company} für Retourendaten vom ${v.from} bis ${v.to}, ` +
          `${why}: ${v.lines} Zeile(n) aus ${v.returns} Retoure(n), ${asWhat}.\n` +
          (v.truncatedAt
            ? `\nDer Zeitraum umfasst mehr als ${v.truncatedAt} Zeilen; nur die ersten ${v.truncatedAt} sind enthalten. Fordern Sie einen kürzeren Zeitraum an, um den Rest zu sehen.\n`
            : '') +
          `\nReturns Desk\n`
        );
      },
    },
    decisions: {
      subject: ({ company, count }) => `Returns Desk: ${count} Retourenartikel von ${company} warten auf Ihre Entscheidung`,
      text: ({ name, company, count, link }) =>
        `Hallo ${name},\n\n${count} Retourenartikel von ${company} warten auf Ihre Entscheidung. Jeder hat eine Frist; ohne Antwort gilt die vereinbarte Standardentscheidung.\nSehen Sie die Fotos an und entscheiden Sie hier:\n\n${link}\n\nReturns Desk\n`,
    },
  },
  nl: {
    reset: {
      subject: 'Returns Desk: je wachtwoord opnieuw instellen',
      text: ({ name, username, minutes, link }) =>
        `Hallo ${name},\n\nIemand heeft gevraagd het wachtwoord van het Returns Desk-account "${username}" opnieuw in te stellen.\nOpen deze link binnen ${minutes} minuten om een nieuw wachtwoord te kiezen:\n\n${link}\n\nWas jij dit niet, negeer deze e-mail dan; je wachtwoord blijft zoals het is.\n`,
    },
    invite: {
      subject: 'Returns Desk: je account staat klaar',
      text: ({ name, username, hours, link, invitedBy }) =>
        `Hallo ${name},\n\n${invitedBy} heeft een Returns Desk-account voor je aangemaakt, gebruikersnaam "${username}".\nOpen deze link binnen ${hours} uur om je wachtwoord te kiezen:\n\n${link}\n\nMeld je daarna aan met je gebruikersnaam en dat wachtwoord.\n`,
    },
    report: {
      subject: ({ reportName, company, from, to }) => `Retourrapport ${reportName}: ${company} ${from} t/m ${to}`,
      text: (v) => {
        const asWhat = both(v.formats) ? 'als Excel-werkmap en als CSV' : v.formats[0] === 'XLSX' ? 'als Excel-werkmap' : 'als CSV';
        const why = v.scheduleId
          ? `verstuurd door rapportschema #${v.scheduleId} (ingesteld door ${v.requestedBy})`
          : `aangevraagd door ${v.requestedBy}`;
        return (
          `Hallo,\n\nin de bijlage het retourrapport van ${v.company} voor retourdatums ${v.from} t/m ${v.to}, ` +
          `${why}: ${v.lines} regel(s) van ${v.returns} retour(en), ${asWhat}.\n` +
          (v.truncatedAt
            ? `\nDe periode bevat meer dan ${v.truncatedAt} regels; alleen de eerste ${v.truncatedAt} zijn opgenomen. Vraag een kortere periode aan om de rest te zien.\n`
            : '') +
          `\nReturns Desk\n`
        );
      },
    },
    decisions: {
      subject: ({ company, count }) => `Returns Desk: ${count} geretourneerde artikel(en) van ${company} wachten op je beslissing`,
      text: ({ name, company, count, link }) =>
        `Hallo ${name},\n\n${count} geretourneerde artikel(en) van ${company} wachten op je beslissing. Elk heeft een termijn; zonder antwoord geldt de afgesproken standaard.\nBekijk de foto's en beslis hier:\n\n${link}\n\nReturns Desk\n`,
    },
  },
  pl: {
    reset: {
      subject: 'Returns Desk: zresetuj hasło',
      text: ({ name, username, minutes, link }) =>
        `Dzień dobry ${name},\n\nktoś poprosił o zresetowanie hasła do konta Returns Desk „${username}”.\nOtwórz ten link w ciągu ${minutes} minut, aby ustawić nowe hasło:\n\n${link}\n\nJeśli to nie Ty, zignoruj tę wiadomość; Twoje hasło pozostanie bez zmian.\n`,
    },
    invite: {
      subject: 'Returns Desk: Twoje konto jest gotowe',
      text: ({ name, username, hours, link, invitedBy }) =>
        `Dzień dobry ${name},\n\n${invitedBy} założył(a) dla Ciebie konto Returns Desk, nazwa użytkownika „${username}”.\nOtwórz ten link w ciągu ${hours} godzin, aby ustawić hasło:\n\n${link}\n\nNastępnie zaloguj się swoją nazwą użytkownika i tym hasłem.\n`,
    },
    report: {
      subject: ({ reportName, company, from, to }) => `Raport zwrotów ${reportName}: ${company} od ${from} do ${to}`,
      text: (v) => {
        const asWhat = both(v.formats) ? 'jako skoroszyt Excel i jako CSV' : v.formats[0] === 'XLSX' ? 'jako skoroszyt Excel' : 'jako CSV';
        const why = v.scheduleId
          ? `wysłany przez harmonogram raportów nr ${v.scheduleId} (ustawiony przez ${v.requestedBy})`
          : `zamówiony przez ${v.requestedBy}`;
        return (
          `Dzień dobry,\n\nw załączniku raport zwrotów ${v.company} dla dat zwrotu od ${v.from} do ${v.to}, ` +
          `${why}: wierszy: ${v.lines}, zwrotów: ${v.returns}, ${asWhat}.\n` +
          (v.truncatedAt
            ? `\nZakres obejmuje ponad ${v.truncatedAt} wierszy; dołączono tylko pierwsze ${v.truncatedAt}. Poproś o krótszy zakres, aby zobaczyć resztę.\n`
            : '') +
          `\nReturns Desk\n`
        );
      },
    },
    decisions: {
      subject: ({ company, count }) => `Returns Desk: zwrócone artykuły ${company} (${count}) czekają na Twoją decyzję`,
      text: ({ name, company, count, link }) =>
        `Dzień dobry ${name},\n\nzwrócone artykuły ${company} (${count}) czekają na Twoją decyzję. Każdy ma termin; bez odpowiedzi zostanie zastosowana uzgodniona decyzja domyślna.\nZobacz zdjęcia i zdecyduj tutaj:\n\n${link}\n\nReturns Desk\n`,
    },
  },
  es: {
    reset: {
      subject: 'Returns Desk: restablecer la contraseña',
      text: ({ name, username, minutes, link }) =>
        `Hola, ${name}:\n\nAlguien ha pedido restablecer la contraseña de la cuenta de Returns Desk "${username}".\nAbre este enlace en los próximos ${minutes} minutos para elegir una contraseña nueva:\n\n${link}\n\nSi no has sido tú, ignora este correo; tu contraseña no cambia.\n`,
    },
    invite: {
      subject: 'Returns Desk: tu cuenta está lista',
      text: ({ name, username, hours, link, invitedBy }) =>
        `Hola, ${name}:\n\n${invitedBy} te ha abierto una cuenta de Returns Desk con el nombre de usuario "${username}".\nAbre este enlace en las próximas ${hours} horas para elegir tu contraseña:\n\n${link}\n\nDespués inicia sesión con tu nombre de usuario y esa contraseña.\n`,
    },
    report: {
      subject: ({ reportName, company, from, to }) => `Informe de devoluciones ${reportName}: ${company} del ${from} al ${to}`,
      text: (v) => {
        const asWhat = both(v.formats) ? 'como libro de Excel y como CSV' : v.formats[0] === 'XLSX' ? 'como libro de Excel' : 'como CSV';
        const why = v.scheduleId
          ? `enviado por la programación de informes n.º ${v.scheduleId} (creada por ${v.requestedBy})`
          : `solicitado por ${v.requestedBy}`;
        return (
          `Hola:\n\nadjunto el informe de devoluciones de ${v.company} para las fechas de devolución del ${v.from} al ${v.to}, ` +
          `${why}: ${v.lines} línea(s) de ${v.returns} devolución(es), ${asWhat}.\n` +
          (v.truncatedAt
            ? `\nEl periodo contiene más de ${v.truncatedAt} líneas; solo se incluyen las primeras ${v.truncatedAt}. Solicita un periodo más corto para ver el resto.\n`
            : '') +
          `\nReturns Desk\n`
        );
      },
    },
    decisions: {
      subject: ({ company, count }) => `Returns Desk: ${count} artículo(s) devuelto(s) de ${company} esperan su decisión`,
      text: ({ name, company, count, link }) =>
        `Hola ${name}:\n\n${count} artículo(s) devuelto(s) de ${company} esperan su decisión. Cada uno tiene un plazo; sin respuesta se aplica la opción acordada por defecto.\nVea las fotos y decida aquí:\n\n${link}\n\nReturns Desk\n`,
    },
  },
};
