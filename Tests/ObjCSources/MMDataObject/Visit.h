// One visit of a patient; its class methods are the README's formatter blocks.

#import <Foundation/Foundation.h>
#import "MMDataObject.h"

@interface Visit : MMDataObject

@property (nonatomic, strong) NSString *time;
@property (nonatomic, strong) NSString *fee;
@property (nonatomic, strong) NSString *room;

+ (FormatBlock)lolify;
+ (FormatBlock)unlolify;

@end
