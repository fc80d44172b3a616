/**
 * Adjectives for "The <Adjective> <Noun>" names and the made-up chains whose branches repeat across
 * cities and countries, as real chains do in Google-Maps exports. Hand-written for the demo generator.
 */

export const ADJECTIVES: readonly string[] = [
  'Golden', 'Silver', 'Blue', 'Green', 'Red', 'Little', 'Grand', 'Old', 'New', 'Happy', 'Lucky', 'Rusty', 'Urban', 'Royal',
  'Hidden', 'Humble', 'Wild', 'Quiet', 'Bright', 'Crooked', 'Jolly', 'Rustic', 'Modern', 'Secret', 'Sunny', 'Corner', 'Copper',
  'Velvet', 'Honest', 'Northern', 'Southern', 'Daily', 'Friendly', 'Tipsy', 'Iron', 'Crystal', 'Local', 'Olive', 'Maple', 'Harbour',
];

export interface Chain {
  name: string;
  category: string;
  /** Chains with a website and verified listing almost always. */
  website: string;
}

export const CHAINS: readonly Chain[] = [
  { name: 'Bean & Leaf Coffee', category: 'Coffee shop', website: 'https://beanandleaf.example' },
  { name: 'Daily Grind Espresso', category: 'Coffee shop', website: 'https://dailygrind.example' },
  { name: 'Crumb & Crust', category: 'Bakery', website: 'https://crumbandcrust.example' },
  { name: 'Golden Fork Grill', category: 'American restaurant', website: 'https://goldenfork.example' },
  { name: 'Pizza Nova', category: 'Pizza restaurant', website: 'https://pizzanova.example' },
  { name: 'Noodle Nation', category: 'Noodle shop', website: 'https://noodlenation.example' },
  { name: 'Sakura Sushi Bar', category: 'Sushi restaurant', website: 'https://sakurasushi.example' },
  { name: 'Burger Barn', category: 'Hamburger restaurant', website: 'https://burgerbarn.example' },
  { name: 'Taco Loco', category: 'Mexican restaurant', website: 'https://tacoloco.example' },
  { name: 'Spice Route', category: 'Indian restaurant', website: 'https://spiceroute.example' },
  { name: 'Cluck & Co.', category: 'Chicken restaurant', website: 'https://cluckandco.example' },
  { name: 'Green Bowl', category: 'Vegetarian restaurant', website: 'https://greenbowl.example' },
  { name: 'Boba Bliss', category: 'Bubble tea store', website: 'https://bobabliss.example' },
  { name: 'FreshWay Market', category: 'Supermarket', website: 'https://freshway.example' },
  { name: 'QuickStop', category: 'Convenience store', website: 'https://quickstop.example' },
  { name: 'PharmaPlus', category: 'Pharmacy', website: 'https://pharmaplus.example' },
  { name: 'Urban Threads', category: 'Clothing store', website: 'https://urbanthreads.example' },
  { name: 'Stride Shoes', category: 'Shoe store', website: 'https://strideshoes.example' },
  { name: 'TechHub', category: 'Electronics store', website: 'https://techhub.example' },
  { name: 'HomeNest', category: 'Furniture store', website: 'https://homenest.example' },
  { name: 'PageTurner Books', category: 'Book store', website: 'https://pageturner.example' },
  { name: 'PetPal', category: 'Pet store', website: 'https://petpal.example' },
  { name: 'Optica Vision', category: 'Optician', website: 'https://opticavision.example' },
  { name: 'Clip & Curl', category: 'Hair salon', website: 'https://clipandcurl.example' },
  { name: 'Nail Studio 21', category: 'Nail salon', website: 'https://nailstudio21.example' },
  { name: 'BrightSmile Dental', category: 'Dentist', website: 'https://brightsmile.example' },
  { name: 'CityCare Clinic', category: 'Medical clinic', website: 'https://citycare.example' },
  { name: 'FitZone', category: 'Gym', website: 'https://fitzone.example' },
  { name: 'IronWorks Fitness', category: 'Gym', website: 'https://ironworks.example' },
  { name: 'AutoCare Express', category: 'Auto repair shop', website: 'https://autocare.example' },
  { name: 'Sparkle Car Wash', category: 'Car wash', website: 'https://sparklewash.example' },
  { name: 'FuelGo', category: 'Gas station', website: 'https://fuelgo.example' },
  { name: 'StayWell Hotel', category: 'Hotel', website: 'https://staywell.example' },
  { name: 'Harbour Inn', category: 'Hotel', website: 'https://harbourinn.example' },
  { name: 'Nomad Hostels', category: 'Hostel', website: 'https://nomadhostels.example' },
  { name: 'CleanPress', category: 'Dry cleaner', website: 'https://cleanpress.example' },
  { name: 'PrintPoint', category: 'Print shop', website: 'https://printpoint.example' },
  { name: 'SwiftShip', category: 'Shipping service', website: 'https://swiftship.example' },
  { name: 'Happy Paws Vet', category: 'Veterinarian', website: 'https://happypaws.example' },
  { name: 'LinguaLab', category: 'Language school', website: 'https://lingualab.example' },
  { name: 'KeyMasters', category: 'Locksmith', website: 'https://keymasters.example' },
  { name: 'Velo City Cycles', category: 'Bicycle store', website: 'https://velocity.example' },
];
