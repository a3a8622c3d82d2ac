/** Fictional partner wordmarks, drawn for this site (no third-party logos). Rspack emits each as a hashed asset. */
import type { Logo } from '@cardlift/shell/ui';
import atlasOutfitters from '../assets/logos/atlas-outfitters.svg';
import bluewaterSavings from '../assets/logos/bluewater-savings.svg';
import cobaltCreditUnion from '../assets/logos/cobalt-credit-union.svg';
import emberPizza from '../assets/logos/ember-pizza.svg';
import fernleafGrocers from '../assets/logos/fernleaf-grocers.svg';
import keystoneFinancial from '../assets/logos/keystone-financial.svg';
import lumenHome from '../assets/logos/lumen-home.svg';
import northwindBank from '../assets/logos/northwind-bank.svg';
import orbitFuel from '../assets/logos/orbit-fuel.svg';
import pioneerFederal from '../assets/logos/pioneer-federal.svg';
import pixelstream from '../assets/logos/pixelstream.svg';
import quarryFitness from '../assets/logos/quarry-fitness.svg';
import summitTrust from '../assets/logos/summit-trust.svg';
import sundialCoffee from '../assets/logos/sundial-coffee.svg';
import tidewaterTravel from '../assets/logos/tidewater-travel.svg';
import veloRides from '../assets/logos/velo-rides.svg';

const logo = (name: string, src: string): Logo => ({ name, src, alt: name });

/** Banks and credit unions whose cardholders see our offers (home, Offers API). */
export const financialInstitutionLogos: readonly Logo[] = [
  logo('Northwind Bank', northwindBank),
  logo('Cobalt Credit Union', cobaltCreditUnion),
  logo('Summit Trust', summitTrust),
  logo('Pioneer Federal', pioneerFederal),
  logo('Bluewater Savings', bluewaterSavings),
  logo('Keystone Financial', keystoneFinancial),
];

/** Brands running offers on the network (product and solution pages): ten of them. */
export const brandLogos: readonly Logo[] = [
  logo('Fernleaf Grocers', fernleafGrocers),
  logo('Orbit Fuel', orbitFuel),
  logo('PixelStream', pixelstream),
  logo('Ember Pizza', emberPizza),
  logo('Velo Rides', veloRides),
  logo('Sundial Coffee', sundialCoffee),
  logo('Atlas Outfitters', atlasOutfitters),
  logo('Lumen Home', lumenHome),
  logo('Tidewater Travel', tidewaterTravel),
  logo('Quarry Fitness', quarryFitness),
];
