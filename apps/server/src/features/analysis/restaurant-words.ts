// Hand-written word lists for the restaurant category model (written from general knowledge, not drawn from
// the SemEval sentences): dishes, drinks and tastes; service and the people who give it; prices; the room.
// They reach the model as "this sentence has two food words" features, which generalise to dish names the
// labelled sentences never show ("calzone", "bibimbap"). Keys are lemmas (lower case, singular).

const FOOD = `food dish meal menu cuisine appetizer appetiser entree entrée dessert starter portion plate flavor flavour
taste sauce pizza pasta sushi sashimi maki roll burger hamburger cheeseburger steak calzone salad soup dumpling noodle
rice chicken beef pork lamb duck fish salmon tuna shrimp prawn lobster crab scallop oyster clam mussel calamari squid
octopus taco burrito quesadilla nacho enchilada fajita bagel sandwich panini wrap cake pie tiramisu gelato cheesecake
chocolate cookie bread toast egg omelet omelette pancake waffle bacon sausage ham cheese tofu curry naan tandoori
masala tikka biryani samosa pho ramen udon soba tempura teriyaki bibimbap kimchi bulgogi bun fry fries potato
vegetable veggie mushroom spinach tomato garlic onion lettuce bean lentil chickpea hummus falafel kebab gyro
meatball lasagna ravioli risotto gnocchi spaghetti penne linguine fettuccine bruschetta antipasto focaccia crust
topping gravy broth stew chili wing rib brisket barbecue bbq fillet filet cod halibut bass trout seafood meat veal
goose quail pate foie caviar truffle pastry croissant muffin donut doughnut brownie pudding custard flan sorbet fruit
berry strawberry apple lemon banana mango coconut salsa guacamole chip pickle olive butter cream yogurt honey spice
herb basil cilantro ginger wasabi miso dal paneer crepe brunch breakfast lunch dinner drink wine beer cocktail martini
margarita sangria coffee espresso cappuccino latte tea juice soda lemonade smoothie milkshake shake whiskey vodka
bourbon champagne ale sake mojito sangria dough cheese sausage entrees tapa tapas platter special specials course
delicious tasty yummy bland flavorful flavourful flavorless tasteless salty sweet sour bitter spicy savory savoury
fresh stale greasy oily soggy crispy crunchy juicy tender chewy overcooked undercooked raw burnt seasoned
mouthwatering delectable scrumptious appetizing edible inedible creamy cheesy succulent moist rubbery gourmet
homemade cook cooked chef kitchen recipe ingredient eat ate order portion serving bite`;

const SERVICE = `service waiter waitress server staff host hostess bartender manager owner busboy attendant employee crew
maitre maître sommelier delivery takeout refill tip attentive inattentive attentiveness friendly unfriendly rude
polite courteous helpful unhelpful prompt efficient accommodating welcoming hospitable hospitality professional
unprofessional knowledgeable obnoxious snooty arrogant condescending gracious treat treated greet greeted seat
seated reservation waitstaff personnel management customer ignore ignored rush rushed serve served`;

const VALUE = `price cost value money $ dollar buck cheap inexpensive expensive pricey overpriced affordable reasonable
reasonably bargain deal worth bill charge pay paid budget steal ripoff rip-off priced economical splurge wallet
tab cheaper pricier costly`;

const ATMOSPHERE = `atmosphere ambiance ambience decor décor setting vibe music noise noisy loud quiet crowded cramped cozy
cosy romantic intimate space spacious room interior design lighting view patio garden terrace seating lounge
furniture chair trendy hip casual elegant classy charming comfortable uncomfortable inviting relaxing lively dim
candle fireplace wall window dj band scene crowd decoration decorate decorated outdoor outside inside environment
surroundings cute beautiful clean dirty`;

function words(list: string): Set<string> {
  return new Set(list.split(/\s+/).filter(Boolean));
}

/** Category → its words, for the SemEval categories the model detects. */
export const RESTAURANT_WORDS: Readonly<Record<string, ReadonlySet<string>>> = {
  food: words(FOOD),
  service: words(SERVICE),
  value: words(VALUE),
  atmosphere: words(ATMOSPHERE),
};
