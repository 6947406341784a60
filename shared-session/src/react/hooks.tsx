import { useEffect, useState, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useTranslation as useI18nextTranslation } from 'react-i18next';
import type { Observable } from 'rxjs';
import { i18n, language$ } from '../i18n/i18n';
import { currentRoute$, navigate, resolveCurrentRoute } from '../registry/registry';
import { getSession, session$ } from '../session/session';
import type { CurrentRoute, SessionState } from '../types';

/** The latest value of an observable, re-rendering on every new one. */
export function useObservable<T>(source: Observable<T>, initial: T): T {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    const subscription = source.subscribe(setValue);
    return () => subscription.unsubscribe();
  }, [source]);
  return value;
}

/** The session, kept current. */
export function useSession(): SessionState {
  return useObservable(session$, getSession());
}

/** The current route with its parameters, kept current. */
export function useRoute(): CurrentRoute {
  return useObservable(currentRoute$, resolveCurrentRoute(window.location));
}

/** react-i18next's hook bound to the page's one i18n instance; re-renders on language change. */
export function useTranslation(namespace?: string | string[]) {
  useObservable(language$, i18n.language);
  return useI18nextTranslation(namespace, { i18n });
}

type LinkProps = AnchorHTMLAttributes<HTMLAnchorElement> & { to: string };

/** A link inside Kontor: navigates without reload, but keeps ctrl/cmd-click for a new tab. */
export function Link({ to, onClick, ...rest }: LinkProps) {
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={follow} {...rest} />;
}
