import './app/base.css';
import { startShell } from './lib';

startShell();
