/** Dark or light, remembered per browser; the first visit follows the system setting. */
import { ref, watch } from 'vue';

const KEY = 'basis.theme';
const saved = localStorage.getItem(KEY);
export const dark = ref(saved === null ? window.matchMedia?.('(prefers-color-scheme: dark)').matches ?? false : saved === 'dark');
watch(dark, (value) => {
  localStorage.setItem(KEY, value ? 'dark' : 'light');
  document.documentElement.dataset.theme = value ? 'dark' : 'light';
}, { immediate: true });
