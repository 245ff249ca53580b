const canUseDOM = typeof window !== 'undefined' && typeof window.document?.createElement === 'function';

/** `@docusaurus/ExecutionEnvironment`: what the code runs in (the build's render has no DOM). */
const ExecutionEnvironment = {
  canUseDOM,
  canUseEventListeners: canUseDOM && typeof window.addEventListener === 'function',
  canUseIntersectionObserver: canUseDOM && 'IntersectionObserver' in window,
  canUseViewport: canUseDOM && 'screen' in window,
};

export default ExecutionEnvironment;
