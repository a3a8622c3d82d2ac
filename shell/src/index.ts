// The site's stylesheet is part of the entry, so the HTML links it in <head> and the first paint is styled.
import './styles.css';

// Async boundary: lets the federation runtime negotiate shared singletons before React loads.
import(/* webpackChunkName: "bootstrap" */ './bootstrap');
