import { useLocation } from 'react-router-dom';
import styles from './App.module.css';

/** The public storefront frame (no session handling): reads the shell's router. */
export default function App() {
  const { pathname } = useLocation();
  const slug = pathname.split('/')[2] ?? '';
  return (
    <div className={styles.frame} data-area="ordering">
      <header className={styles.header}>
        <strong>Hive POS</strong> <span>Online ordering</span>
      </header>
      <main className={styles.main}>
        <h1 className={styles.title}>{slug || 'Online ordering'}</h1>
        <p>The storefront for this restaurant opens here.</p>
      </main>
    </div>
  );
}
