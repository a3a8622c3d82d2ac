/**
 * The site's routing API (`@cardlift/shell/router`): the one React Router the shell and every remote
 * use, shared as a singleton. A facade of the parts the site uses rather than the package itself: a
 * shared module keeps every export, and all of React Router weighed 186 KB minified in the first
 * download, most of it data-router and server code this site never runs. Through the facade the
 * shell's build keeps only what is listed here. A remote needing more adds it here, with the shell.
 * `Link` is the site's own (`link.tsx`): React Router's carries framework-mode prefetching.
 */
export { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useNavigationType, useParams } from 'react-router';
export { Link, type LinkProps } from './link';
