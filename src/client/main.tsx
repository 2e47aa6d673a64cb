import 'bootstrap/dist/css/bootstrap.min.css';
import './app/app.css';
import { startApp } from './app/startApp';

// The browser's entry.
void startApp(document.getElementById('root')!);
