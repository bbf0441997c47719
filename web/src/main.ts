import { createApp } from 'vue';
import App from './App.vue';
import { router } from './router';
// Notifications are recorded from the first message, whatever page is open (fills and
// margin calls arrive while a trader is on the funds page too).
import './notices';
import './styles.css';

createApp(App).use(router).mount('#app');
