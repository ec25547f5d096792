import { render } from 'preact';
import { App } from './app';
import { lazyPage } from './components/lazy-page';
import './styles.css';

/** The page of a preview link (`/p/{token}`): the same script serves it, with no session. */
const PREVIEW_PATH = /^\/p\/([A-Za-z0-9_-]+)\/?$/;
const PreviewPage = lazyPage(() => import('./pages/preview/preview-page').then((module) => module.PreviewPage));

const previewToken = PREVIEW_PATH.exec(window.location.pathname)?.[1];
render(previewToken ? <PreviewPage token={previewToken} /> : <App />, document.getElementById('root')!);
