import 'bootstrap/dist/css/bootstrap.min.css';
import '@fontsource-variable/inter';
import './styles/tokens.css';
import './styles/app-theme.css';
import { startApp } from './app/startApp';

// The browser's entry.
void startApp(document.getElementById('root')!);
